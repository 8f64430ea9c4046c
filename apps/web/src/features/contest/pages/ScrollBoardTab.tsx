import { TrophyOutlined } from '@ant-design/icons';
import { ContestStatus } from '@oj/shared';
import { Alert, Button, Card, Form, InputNumber, Modal, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContestBoard } from '../api/contest.js';
import { useContestShell } from '../components/ContestContext.js';
import { defaultMedals, MEDALS, type MedalCounts, scrollBoardUrl } from '../lib/scroll-board.js';

/**
 * The Scroll Board tab (doc 2 §2.7, §2.10; contest admins of ACM contests): whether to drop star users, the gold,
 * silver and bronze counts (10 / 20 / 30 % of the non-star participants to start with, as HOJ), and a button that
 * opens /scrollBoard in a new window, after a confirmation when the contest has not ended yet.
 */
export default function ScrollBoardTab() {
  const { t } = useTranslation('scrollBoard');
  const { contest: c, phase } = useContestShell();
  const [removeStar, setRemoveStar] = useState(false);
  const [medals, setMedals] = useState<MedalCounts | null>(null);
  const board = useContestBoard({
    cid: c.id,
    currentPage: 1,
    limit: 1,
    forceRefresh: false,
    removeStar: true,
    concernedList: [],
    containsEnd: false,
  });
  const participants = board.data?.total;
  useEffect(() => {
    if (participants != null) setMedals((m) => m ?? defaultMedals(participants));
  }, [participants]);
  const counts: MedalCounts = medals ?? [0, 0, 0];

  const open = () => {
    const url = scrollBoardUrl({ cid: c.id, removeStar, medals: counts });
    if (phase === ContestStatus.ENDED) {
      window.open(url, '_blank');
      return;
    }
    Modal.confirm({
      title: t('Not_ended_confirm'),
      okText: t('Open'),
      cancelText: t('common:Cancel'),
      onOk: () => {
        window.open(url, '_blank');
      },
    });
  };

  return (
    <Card title={t('contest:tab.scroll-board')} data-testid="scroll-board-tab">
      <Typography.Paragraph type="secondary">{t('Tab_intro')}</Typography.Paragraph>
      {!c.sealRank && (
        <Alert type="info" showIcon message={t('Never_sealed_tip')} style={{ marginBottom: 16 }} />
      )}
      {phase !== ContestStatus.ENDED && (
        <Alert type="warning" showIcon message={t('Not_ended_tip')} style={{ marginBottom: 16 }} />
      )}
      <Form layout="vertical" style={{ maxWidth: 520 }}>
        <Form.Item label={t('Remove_star')}>
          <Switch checked={removeStar} onChange={setRemoveStar} data-testid="sb-remove-star" />
        </Form.Item>
        <Form.Item label={t('Medals')} extra={t('Medals_tip', { count: participants ?? 0 })}>
          <Space wrap>
            {MEDALS.map((m, i) => (
              <InputNumber
                key={m}
                min={0}
                max={100000}
                precision={0}
                value={counts[i]}
                addonBefore={t(`Medal_${m}`)}
                onChange={(v) =>
                  setMedals((old) => {
                    const next = [...(old ?? counts)] as MedalCounts;
                    next[i] = Math.max(0, Math.floor(v ?? 0));
                    return next;
                  })
                }
                style={{ width: 150 }}
                data-testid={`sb-medal-${m}`}
              />
            ))}
          </Space>
        </Form.Item>
        <Button type="primary" icon={<TrophyOutlined />} onClick={open} data-testid="sb-open">
          {t('Open')}
        </Button>
      </Form>
    </Card>
  );
}
