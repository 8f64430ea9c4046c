import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { ContestStatus, ContestType, LIMITS, LIVE_EVENT, LIVE_LIMITS, type LiveBoardData } from '@oj/shared';
import { Button, Card, Space, Table, Tag, Tooltip } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { throttled, useLiveEvent, useLiveResync, useLiveStatus } from '../../../lib/events.js';
import { notify } from '../../../lib/notify.js';
import { saveBlob } from '../../../lib/save-blob.js';
import { downloadContestRank, useContestBoard } from '../api/contest.js';
import type { AcmRow, BoardContest, BoardProblem, BoardRowBase, OiRow } from '../api/types.js';
import { loadConcerned, toggleConcerned } from '../lib/concerned.js';
import { BoardControls, type BoardSwitches } from './BoardControls.js';
import { acmColumns, oiColumns } from './board-columns.js';
import './board.css';

/** Board refetches caused by live events: at most one per this many ms, plus up to the jitter (many viewers). */
export const LIVE_BOARD_MIN_MS = 2000;
export const LIVE_BOARD_JITTER_MS = 1000;

/**
 * A contest scoreboard (doc 2 §2.9), ACM or OI by the contest's rule: controls, the table (rank with award colours,
 * user, solved / score, one column per problem with the §4.5 cell classes), page sizes 10-300 (50 by default),
 * auto-refresh while running (every 30 s, or on the live stream's board events; off after the end or after a
 * failed refresh), concerned users kept per contest in local storage. `outside` reads the public board (openRank,
 * no login); `isContestAdmin` shows the force-update switch.
 */
export function ContestBoard({
  contest: c,
  problems,
  phase,
  outside = false,
  isContestAdmin = false,
}: {
  contest: BoardContest;
  problems: BoardProblem[];
  phase: number;
  outside?: boolean;
  isContestAdmin?: boolean;
}) {
  const { t } = useTranslation('contest');
  const ended = phase === ContestStatus.ENDED;
  const [sw, setSw] = useState<BoardSwitches>({
    removeStar: false,
    containsEnd: false,
    forceRefresh: false,
    autoRefresh: !ended,
  });
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(LIMITS.scoreboardPageSize);
  const [concerned, setConcerned] = useState(() => loadConcerned(c.id));
  const [exporting, setExporting] = useState(false);
  useEffect(() => {
    if (ended) setSw((s) => (s.autoRefresh ? { ...s, autoRefresh: false } : s));
  }, [ended]);

  const q = {
    cid: c.id,
    currentPage: page,
    limit,
    forceRefresh: isContestAdmin && sw.forceRefresh,
    removeStar: sw.removeStar,
    concernedList: concerned,
    keyword: keyword || undefined,
    containsEnd: sw.containsEnd,
  };
  const acm = c.type !== ContestType.OI;
  // While the live stream is up (issue 10 §4) a board event of this contest refetches the page (at most once per
  // LIVE_BOARD_MIN_MS, spread by a jitter); the 30 s timer then only runs as a rare safety net.
  const live = useLiveStatus();
  const auto = sw.autoRefresh && !ended;
  const board = useContestBoard<AcmRow | OiRow>(q, {
    outside,
    refreshMs: auto ? (live ? LIVE_LIMITS.safetyPollMs : LIMITS.scoreboardRefreshMs) : false,
  });
  const latest = useRef(board);
  latest.current = board;
  const refresh = useMemo(
    () => throttled(() => void latest.current.refetch(), LIVE_BOARD_MIN_MS, LIVE_BOARD_JITTER_MS),
    [],
  );
  useLiveEvent<LiveBoardData>(
    LIVE_EVENT.board,
    (d) => {
      if (d.cid === c.id) refresh();
    },
    auto,
  );
  useLiveResync(refresh, auto);
  useEffect(() => {
    if (board.isError && sw.autoRefresh) {
      setSw((s) => ({ ...s, autoRefresh: false }));
      notify.warning(t('Auto_refresh_stopped'));
    }
  }, [board.isError, sw.autoRefresh, t]);

  const ctx = {
    t,
    problems,
    rankShowName: c.rankShowName,
    concerned,
    onConcern: (uid: string) => setConcerned(toggleConcerned(c.id, uid)),
  };
  const rows = board.data?.records ?? [];
  const exportBoard = async () => {
    setExporting(true);
    try {
      const blob = await downloadContestRank({
        cid: c.id,
        removeStar: sw.removeStar,
        containsEnd: sw.containsEnd,
      });
      saveBlob(blob, `contest_${c.id}_rank.xlsx`);
    } catch {
      // the api client has shown the server's message
    } finally {
      setExporting(false);
    }
  };
  const rowClassName = (r: BoardRowBase) => (r.isConcerned || concerned.includes(r.uid) ? 'concerned' : '');
  const common = {
    rowKey: 'uid',
    size: 'small' as const,
    bordered: true,
    loading: board.isLoading,
    scroll: { x: 'max-content' },
    rowClassName,
    locale: { emptyText: t('common:No_data') },
    pagination: {
      current: page,
      pageSize: limit,
      total: board.data?.total ?? 0,
      showSizeChanger: true,
      pageSizeOptions: LIMITS.scoreboardPageSizes.map(String),
      onChange: (p: number, s: number) => {
        setPage(p);
        setLimit(s);
      },
    },
  };
  return (
    <Card
      title={
        <>
          {acm ? t('ACM_board') : t('OI_board')}
          {board.data?.sealed && (
            <Tooltip title={t('Sealed_tip')}>
              <Tag color="orange" style={{ marginLeft: 8 }} data-testid="board-sealed">
                {t('Sealed')}
              </Tag>
            </Tooltip>
          )}
        </>
      }
      extra={
        <Space size={8} className="oj-board-actions">
          {isContestAdmin && !outside && (
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              onClick={exportBoard}
              aria-label={t('Export_board')}
              data-testid="board-export"
            >
              <span className="oj-btn-label">{t('Export_board')}</span>
            </Button>
          )}
          <Button icon={<ReloadOutlined />} onClick={() => board.refetch()} aria-label={t('Refresh')}>
            <span className="oj-btn-label">{t('Refresh')}</span>
          </Button>
        </Space>
      }
      data-testid="contest-board"
      styles={{ title: { whiteSpace: 'normal' } }}
    >
      <BoardControls
        value={sw}
        onChange={(v) => {
          setSw(v);
          setPage(1);
        }}
        onSearch={(k) => {
          setKeyword(k);
          setPage(1);
        }}
        showForce={isContestAdmin && !outside}
        ended={ended}
        live={live}
      />
      <div className="oj-board">
        {acm ? (
          <Table<AcmRow>
            {...common}
            dataSource={rows as AcmRow[]}
            columns={acmColumns(ctx)}
            data-testid="board-table"
          />
        ) : (
          <Table<OiRow>
            {...common}
            dataSource={rows as OiRow[]}
            columns={oiColumns(ctx)}
            data-testid="board-table"
          />
        )}
      </div>
    </Card>
  );
}
