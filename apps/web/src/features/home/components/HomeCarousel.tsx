import { LIMITS } from '@oj/shared';
import { Grid } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWebsiteConfig } from '../../config/api/get-website-config.js';
import { useHomeCarousel } from '../api/home.js';

/**
 * Home carousel of doc 1 §2.5: slides change every 5 s (dots to pick one), 440 px high (200 px under 768 px).
 * With no uploaded image a built-in slide shows the site name and description. A small own component: a full
 * slider library would weigh more than the whole home page.
 */
export function HomeCarousel() {
  const { t } = useTranslation('home');
  const { data } = useHomeCarousel();
  const config = useWebsiteConfig();
  const screens = Grid.useBreakpoint();
  const height = screens.md === false ? 200 : 440;
  const items = data ?? [];
  const [index, setIndex] = useState(0);
  const count = items.length;

  useEffect(() => {
    if (count < 2) return;
    const id = setInterval(() => setIndex((i) => (i + 1) % count), LIMITS.carouselIntervalMs);
    return () => clearInterval(id);
  }, [count]);

  const frame: React.CSSProperties = { position: 'relative', height, borderRadius: 8, overflow: 'hidden' };
  if (count === 0) {
    return (
      <div
        data-testid="home-carousel"
        style={{
          ...frame,
          background: 'linear-gradient(135deg, #1677ff 0%, #69b1ff 60%, #95de64 100%)',
          color: '#fff',
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'center',
          alignItems: 'center',
          textAlign: 'center',
          padding: 16,
          boxSizing: 'border-box',
        }}
      >
        <div style={{ fontSize: height > 300 ? 40 : 24, fontWeight: 700 }} data-testid="carousel-site-name">
          {config.name}
        </div>
        <div style={{ fontSize: height > 300 ? 18 : 14, marginTop: 8, maxWidth: 720 }}>
          {config.description || t('Default_slide_text')}
        </div>
      </div>
    );
  }
  return (
    <div data-testid="home-carousel" style={frame}>
      {items.map((it, i) => (
        <img
          key={it.id}
          src={it.url}
          alt=""
          style={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            objectFit: 'cover',
            opacity: i === index % count ? 1 : 0,
            transition: 'opacity 0.6s',
          }}
        />
      ))}
      <div
        style={{
          position: 'absolute',
          bottom: 12,
          width: '100%',
          display: 'flex',
          justifyContent: 'center',
          gap: 8,
        }}
      >
        {items.map((it, i) => (
          <button
            type="button"
            key={it.id}
            aria-label={`${i + 1}`}
            onClick={() => setIndex(i)}
            style={{
              width: i === index % count ? 24 : 12,
              height: 4,
              border: 'none',
              borderRadius: 2,
              padding: 0,
              cursor: 'pointer',
              background: i === index % count ? '#fff' : 'rgba(255,255,255,0.5)',
            }}
          />
        ))}
      </div>
    </div>
  );
}
