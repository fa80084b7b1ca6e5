import { useQuery } from '@tanstack/react-query';
import type { PageProps } from '../../components/page-props';
import { supportConfigQueryOptions } from '../../lib/chat-store';
import { ActivityCarousel } from './ActivityCarousel';
import { Banner } from './Banner';
import { Footer } from './Footer';
import { GameList } from './GameList';
import { HelpButton } from './HelpButton';
import { useAwardCheck, useStartMask } from './home-effects';
import { NoticeBanner } from './NoticeBanner';
import { OnlineCount } from './OnlineCount';
import { SlotRows } from './SlotRows';
import './home.css';

/** /home: banner, activities, notice, online count, in-house games, slot rows (hot, recent), footer and the
 * floating help button. */
export default function HomePage(_props: PageProps) {
  useAwardCheck();
  useStartMask();
  // A licensed Brazilian operator may not advertise a deposit bonus (Lei 14.790/2023 art. 29; decision 0025).
  const licensed = useQuery(supportConfigQueryOptions).data?.regulatoryProfile === 'br-licensed';
  return (
    <div className="home">
      {licensed ? null : <Banner />}
      <ActivityCarousel />
      <NoticeBanner />
      <OnlineCount />
      <GameList />
      <SlotRows />
      <Footer />
      <HelpButton />
    </div>
  );
}
