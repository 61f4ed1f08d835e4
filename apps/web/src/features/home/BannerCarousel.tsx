import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NEWS_CATEGORY, useNewsList } from '../../api/news';
import { BANNER_INTERVAL_MS, stepIndex, wrapIndex } from './carousel';
import { ChevronLeftIcon, ChevronRightIcon } from '../../components/icons';

const MAX_BANNERS = 10;

/** News category 5 as a looped carousel: a slide every 5 s, paused under the pointer or keyboard focus. */
export function BannerCarousel() {
  const { t } = useTranslation('home');
  const news = useNewsList(NEWS_CATEGORY.banners, 1, MAX_BANNERS);
  const slides = news.data?.list.filter((item) => item.cover) ?? [];
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const current = wrapIndex(index, count);
  const paused = hovered || focused;

  useEffect(() => {
    if (paused || count < 2) return;
    // Restarts after every change of slide, so a manual step gets a full interval too.
    const timer = setTimeout(() => setIndex((value) => stepIndex(value, 1, count)), BANNER_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [paused, count, current]);

  if (news.isPending) return <div className="banner banner-skeleton" aria-hidden="true" />;
  if (count === 0) return null;

  return (
    <section
      className="banner"
      data-testid="banner"
      aria-roledescription="carousel"
      aria-label={t('banner.label')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'ArrowLeft') setIndex(stepIndex(current, -1, count));
        if (event.key === 'ArrowRight') setIndex(stepIndex(current, 1, count));
      }}
    >
      <div className="banner-track">
        {slides.map((slide, position) => (
          <Link
            key={slide.id}
            to={`/noticeDetail?id=${slide.id}`}
            className={`banner-slide${position === current ? ' active' : ''}`}
            data-testid="banner-slide"
            aria-hidden={position !== current}
            tabIndex={position === current ? 0 : -1}
            aria-roledescription="slide"
            aria-label={slide.title}
          >
            {/* The picture carries no words: the slide's title and summary are text, in the reader's language. */}
            <img src={slide.cover} alt="" draggable={false} />
            <span className="banner-caption" data-testid="banner-caption">
              <strong className="banner-title">{slide.title}</strong>
              {slide.abstract && <span className="banner-abstract">{slide.abstract}</span>}
            </span>
          </Link>
        ))}
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            className="banner-arrow banner-prev"
            aria-label={t('banner.prev')}
            onClick={() => setIndex(stepIndex(current, -1, count))}
          >
            <ChevronLeftIcon />
          </button>
          <button
            type="button"
            className="banner-arrow banner-next"
            aria-label={t('banner.next')}
            onClick={() => setIndex(stepIndex(current, 1, count))}
          >
            <ChevronRightIcon />
          </button>
          <div className="banner-dots">
            {slides.map((slide, position) => (
              <button
                key={slide.id}
                type="button"
                className={`banner-dot${position === current ? ' active' : ''}`}
                aria-label={t('banner.goTo', { index: position + 1 })}
                aria-current={position === current}
                onClick={() => setIndex(position)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
