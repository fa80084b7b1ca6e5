import { useQuery } from '@tanstack/react-query';
import type { PageProps } from '../../components/page-props';
import { supportConfigQueryOptions } from '../../lib/chat-store';
import { ActivityCarousel } from './ActivityCarousel';
import { Banner } from './Banner';
import { Footer } from './Footer';
import { HelpButton } from './HelpButton';
import { useAwardCheck, useStartMask } from './home-effects';
import { Lobby } from './Lobby';
import { NoticeBanner } from './NoticeBanner';
import { OnlineCount } from './OnlineCount';
import './home.css';

/** /home: banner, activities, notice, online count, the lobby (search, providers, recently played, in-house
 * games, hot slots), footer and the floating help button. */
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
      <Lobby />
      <Footer />
      <HelpButton />
    </div>
  );
}
