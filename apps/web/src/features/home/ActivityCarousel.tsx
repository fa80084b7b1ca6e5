import { type SyntheticEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/Button';
import { useActivities } from './api/engage';
import activityGift from './assets/activity-gift.svg';
import activityTrophy from './assets/activity-trophy.svg';

// The carousel moves on by itself every few seconds unless the player is touching it.
const advanceMs = 5000;

// The house art of an activity without its own image, or whose image does not load (an address that is gone,
// no network): slides alternate between the two, so two image-less activities side by side still differ.
const houseArt = [activityGift, activityTrophy] as const;

function showHouseArt(event: SyntheticEvent<HTMLImageElement>, position: number) {
  const image = event.currentTarget;
  const art = houseArt[position % houseArt.length];
  if (art && !image.src.endsWith(art)) image.src = art;
}

/** Home's carousel of the operator's running activities; each slide opens /active{id}. */
export function ActivityCarousel() {
  const { t } = useTranslation('engage');
  const { data } = useActivities();
  const activities = data ?? [];
  const track = useRef<HTMLUListElement>(null);
  const [index, setIndex] = useState(0);
  const [held, setHeld] = useState(false);
  const count = activities.length;

  useEffect(() => {
    if (count < 2 || held) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % count), advanceMs);
    return () => clearInterval(timer);
  }, [count, held]);

  useEffect(() => {
    const element = track.current;
    const slide = element?.children[index] as HTMLElement | undefined;
    if (element && slide)
      element.scrollTo({ left: slide.offsetLeft - element.offsetLeft, behavior: 'smooth' });
  }, [index]);

  if (count === 0) return null;
  return (
    <section className="activity-carousel" aria-roledescription="carousel" aria-label={t('home.activities')}>
      <ul
        ref={track}
        className="activity-track"
        onPointerDown={() => setHeld(true)}
        onPointerUp={() => setHeld(false)}
        onScroll={(event) => {
          const element = event.currentTarget;
          const width = element.clientWidth || 1;
          const current = Math.round(element.scrollLeft / width);
          if (held && current !== index) setIndex(current);
        }}
      >
        {activities.map((activity, position) => (
          <li
            key={activity.id}
            className="activity-slide"
            aria-roledescription="slide"
            aria-label={t('home.slide', { position: position + 1, count })}
          >
            <Link to={`/active${activity.id}`} className="activity-card">
              <img
                src={activity.image || houseArt[position % houseArt.length]}
                alt=""
                onError={(event) => showHouseArt(event, position)}
              />
              <span className="activity-card-text">
                <strong>{activity.title}</strong>
                {activity.summary ? <span>{activity.summary}</span> : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {count > 1 ? (
        <div className="activity-dots">
          {activities.map((activity, position) => (
            <Button
              variant="bare"
              key={activity.id}
              className="activity-dot"
              aria-label={t('home.slide', { position: position + 1, count })}
              aria-current={position === index ? 'true' : undefined}
              onClick={() => setIndex(position)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
