/** What every page receives from the route table. */
export interface PageProps {
  /** Key under common:pages for the page title. */
  titleKey: string;
  /** Parameters of a pattern path such as /y{yqm}. */
  params: Readonly<Record<string, string>>;
}
