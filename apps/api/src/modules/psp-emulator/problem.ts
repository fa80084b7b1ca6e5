/** A problem answer (RFC 7807), as the API Pix writes its errors. */
export class EmulatorProblem extends Error {
  readonly status: number;
  readonly title: string;
  readonly detail: string;
  constructor(status: number, title: string, detail: string) {
    super(detail);
    this.status = status;
    this.title = title;
    this.detail = detail;
  }
}
