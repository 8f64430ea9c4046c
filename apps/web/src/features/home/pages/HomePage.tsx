import { Col, Row } from 'antd';
import { AnnouncementPanel } from '../../announcement/components/AnnouncementPanel.js';
import { HomeCarousel } from '../components/HomeCarousel.js';
import { RecentAcRankCard } from '../components/RecentAcRankCard.js';
import { RecentContestsCard } from '../components/RecentContestsCard.js';

/** /home (doc 1 §2.5): carousel, announcements, recent contests and the 7-day AC rank. */
export default function HomePage() {
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
          <RecentAcRankCard />
        </Col>
      </Row>
    </div>
  );
}
