import type { PageProps } from '../../components/page-props';
import { Banner } from './Banner';
import { Footer } from './Footer';
import { GameList } from './GameList';
import { HelpButton } from './HelpButton';
import { NoticeBanner } from './NoticeBanner';
import './home.css';

/** /home: banner, notice, in-house games, footer and the floating help button. */
export default function HomePage(_props: PageProps) {
  return (
    <div className="home">
      <Banner />
      <NoticeBanner />
      <GameList />
      <Footer />
      <HelpButton />
    </div>
  );
}
