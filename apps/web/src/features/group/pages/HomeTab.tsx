import { TeamOutlined } from '@ant-design/icons';
import { Avatar, Card, Col, Descriptions, Row } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Markdown } from '../../../components/Markdown.js';
import { formatTime } from '../../../lib/time.js';
import { AnnouncementPanel } from '../../announcement/components/AnnouncementPanel.js';
import { groupAnnouncementSource } from '../api/group-content.js';
import { useGroupShell } from '../components/GroupContext.js';
import { GroupAuthTag, HiddenTag } from '../components/GroupTags.js';
import { MembershipActions } from '../components/MembershipActions.js';

/**
 * The group home (doc 3 §2): the description, the announcements (members and super admins), and a side card with
 * avatar, name, owner, auth, Hidden tag, creation date, group number and the membership actions.
 */
export default function HomeTab() {
  const { t } = useTranslation('group');
  const { gid, group: g, access } = useGroupShell();
  const source = useMemo(() => groupAnnouncementSource(gid), [gid]);
  return (
    <Row gutter={[12, 12]}>
      <Col xs={{ span: 24, order: 2 }} lg={{ span: 17, order: 1 }}>
        <Card title={t('Description')} style={{ marginBottom: 12 }} data-testid="group-description">
          <Markdown source={g.description ?? ''} />
        </Card>
        {access.access && <AnnouncementPanel source={source} />}
      </Col>
      <Col xs={{ span: 24, order: 1 }} lg={{ span: 7, order: 2 }}>
        <Card data-testid="group-side-card">
          <div style={{ textAlign: 'center', marginBottom: 12 }}>
            <Avatar size={96} shape="square" src={g.avatar || undefined} icon={<TeamOutlined />} />
            <div style={{ fontSize: 18, fontWeight: 600, marginTop: 8, wordBreak: 'break-word' }}>
              {g.name}
            </div>
          </div>
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                key: 'owner',
                label: t('Owner'),
                children: <Link to={`/user-home?username=${encodeURIComponent(g.owner)}`}>{g.owner}</Link>,
              },
              {
                key: 'auth',
                label: t('Auth'),
                children: (
                  <span style={{ display: 'inline-flex', gap: 6 }}>
                    <GroupAuthTag auth={g.auth} />
                    {!g.visible && <HiddenTag />}
                  </span>
                ),
              },
              { key: 'members', label: t('Member_count'), children: g.memberCount },
              { key: 'created', label: t('Created'), children: formatTime(g.gmtCreate) },
              { key: 'id', label: t('Group_number'), children: g.id },
            ]}
          />
          <div style={{ marginTop: 12 }}>
            <MembershipActions />
          </div>
        </Card>
      </Col>
    </Row>
  );
}
