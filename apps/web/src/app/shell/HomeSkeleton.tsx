import bannerArt from '../../features/home/assets/home-banner.svg';
import './boot-shell.css';

function HomePicture() {
  return (
    <div className="boot-home">
      <img className="boot-banner" src={bannerArt} alt="" />
      <div className="boot-tiles">
        {[0, 1, 2, 3, 4, 5].map((index) => (
          <span key={index} className="boot-tile" />
        ))}
      </div>
    </div>
  );
}

/**
 * Home's one loading state, drawn by React: the same picture as the static one home.html paints before the
 * scripts (build/boot-shell.ts), so a player who arrives at `/` or waits for home's chunk sees no second kind of
 * loading screen (no splash, no spinner): the picture turns into the page. `withHeader` adds the picture's header
 * bar where the app's header is not drawn (the `/` route).
 */
export function HomeSkeleton({ withHeader = false, label }: { withHeader?: boolean; label?: string }) {
  return (
    <section className={withHeader ? 'boot-shell' : undefined} aria-busy="true" aria-label={label}>
      {withHeader ? (
        <div className="boot-header">
          <img className="boot-logo" src="/favicon.svg" alt="" />
        </div>
      ) : null}
      <HomePicture />
    </section>
  );
}
