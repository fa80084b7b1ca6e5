import './page.css';

/** What a page shows while its chunk loads: a quiet spinner, no text to translate. */
export function PageFallback() {
  return (
    <div className="page-fallback" aria-hidden="true">
      <span className="spinner" />
    </div>
  );
}
