import { useIsFetching } from '@tanstack/react-query';
import { Col, Row } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { WhenVisible } from '../../../components/WhenVisible.js';
import { AnnouncementPanel } from '../../announcement/components/AnnouncementPanel.js';
import { HomeCarousel } from '../components/HomeCarousel.js';
import { RecentAcRankCard } from '../components/RecentAcRankCard.js';
import { RecentContestsCard } from '../components/RecentContestsCard.js';

/** The lower cards (submission statistics, recently updated problems): fetched when scrolled into view. */
const CommunityCards = lazy(() => import('../components/CommunityCards.js'));
/** Other OJs' upcoming contests (issue 27): its own chunk, off the entry's weight. */
const OtherContestsCard = lazy(() => import('../../remote-judge/components/OtherContestsCard.js'));

/**
 * /home (doc 1 §2.5, §7): carousel, announcements, recent contests, the 7-day AC rank and other OJs' contests; below them last week's
 * submission statistics and the recently updated problems, loaded only when they come into view (the home page's
 * first load stays within its weight budget, docs/web.md).
 */
export default function HomePage() {
  // The panels above settle first (their spinners are shorter than their content): their queries start in their
  // effects, which run before ours, so from our first effect on the fetching count tells.
  const fetching = useIsFetching();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const loading = !mounted || fetching > 0;
  return (
    <div className="oj-page">
      <HomeCarousel />
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} lg={16}>
          <Row gutter={[16, 16]}>
            <Col span={24}>
              <AnnouncementPanel />
            </Col>
            <Col span={24}>
              <RecentContestsCard />
            </Col>
          </Row>
        </Col>
        <Col xs={24} lg={8}>
          <Row gutter={[16, 16]}>
            <Col span={24}>
              <RecentAcRankCard />
            </Col>
            <Col span={24}>
              <Suspense fallback={null}>
                <OtherContestsCard />
              </Suspense>
            </Col>
          </Row>
        </Col>
      </Row>
      <div style={{ marginTop: 16 }}>
        <WhenVisible minHeight={360} armed={!loading}>
          <Suspense fallback={<div style={{ minHeight: 360 }} />}>
            <CommunityCards />
          </Suspense>
        </WhenVisible>
      </div>
    </div>
  );
}
