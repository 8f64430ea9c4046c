import {
  CaretRightOutlined,
  FastForwardOutlined,
  PauseOutlined,
  StepForwardOutlined,
} from '@ant-design/icons';
import { ContestStatus, type ScrollBoardVo } from '@oj/shared';
import { Button, Result, Spin, Tag } from 'antd';
import { type MouseEvent, memo, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { NativeSelect } from '../../../components/NativeSelect.js';
import { useScrollBoard } from '../api/scroll-board.js';
import { ScrollBoardView } from '../components/scroll/ScrollBoardView.js';
import { defaultMedals, MEDALS, type MedalCounts, parseScrollParams } from '../lib/scroll-board.js';
import { useResolver } from '../lib/useResolver.js';
import '../components/scroll/scroll-board.css';

/** Auto-play speeds (× the base pace) and the base pace of a step, of the row's wait and of its move, in ms. */
const SPEEDS = [1, 2, 4, 8, 16] as const;
const STEP_MS = 1500;
const DELAY_MS = 350;
const MOVE_MS = 700;

/** Buttons lose the focus after a click, so the space bar always means "next step", never "click again". */
const blurAfter = (fn: () => void) => (e: MouseEvent<HTMLElement>) => {
  e.currentTarget.blur();
  fn();
};

/** The buttons: memoised, so a step (which changes none of their props) does not render antd's buttons again. */
const Controls = memo(function Controls({
  playing,
  done,
  speed,
  onStep,
  onPlay,
  onSpeed,
  onAll,
}: {
  playing: boolean;
  done: boolean;
  speed: number;
  onStep: () => void;
  onPlay: () => void;
  onSpeed: (s: number) => void;
  onAll: () => void;
}) {
  const { t } = useTranslation('scrollBoard');
  return (
    <div className="oj-sb-controls">
      <Button
        type="primary"
        icon={<StepForwardOutlined />}
        onClick={blurAfter(onStep)}
        disabled={done}
        data-testid="sb-next"
      >
        {t('Next')}
      </Button>
      <Button
        icon={playing ? <PauseOutlined /> : <CaretRightOutlined />}
        onClick={blurAfter(onPlay)}
        disabled={done}
        data-testid="sb-play"
      >
        {playing ? t('Pause') : t('Auto_play')}
      </Button>
      <NativeSelect
        value={speed}
        options={SPEEDS.map((s) => ({ value: s, label: `${s}×` }))}
        onChange={onSpeed}
        aria-label={t('Speed')}
        title={t('Speed')}
        data-testid="sb-speed"
      />
      <Button icon={<FastForwardOutlined />} onClick={blurAfter(onAll)} disabled={done} data-testid="sb-all">
        {t('Reveal_all')}
      </Button>
    </div>
  );
});

/**
 * The resolver on the loaded board: controls (next step, auto-play with a speed, reveal all), progress, and the
 * board. Space or the right arrow steps; auto-play steps every 1.5 s divided by the speed. When nothing is left
 * the medal rows are marked.
 */
function Stage({ data, medals }: { data: ScrollBoardVo; medals: MedalCounts }) {
  const { t } = useTranslation('scrollBoard');
  const { view, next, revealAll } = useResolver(data, medals);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<number>(1);
  const interval = STEP_MS / speed;

  useEffect(() => {
    if (!playing) return;
    if (view.done) {
      setPlaying(false);
      return;
    }
    const id = window.setTimeout(next, interval);
    return () => window.clearTimeout(id);
  }, [playing, view, interval, next]);

  const step = useCallback(() => {
    setPlaying(false);
    next();
  }, [next]);
  const togglePlay = useCallback(() => setPlaying((p) => !p), []);
  const all = useCallback(() => {
    setPlaying(false);
    revealAll();
  }, [revealAll]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLSelectElement || e.target instanceof HTMLInputElement) return;
      if (e.key !== ' ' && e.key !== 'ArrowRight') return;
      e.preventDefault();
      if (e.type === 'keydown' && !e.repeat) step();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('keyup', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('keyup', onKey);
    };
  }, [step]);

  const c = data.contest;
  return (
    <div className="oj-sb-page" data-testid="scroll-board" data-done={view.done} data-step={view.step}>
      <header className="oj-sb-bar">
        <div className="oj-sb-title">
          <h1>{c.title}</h1>
          <div className="oj-sb-tags">
            <Tag color="gold">{t('Scroll_board')}</Tag>
            {c.status !== ContestStatus.ENDED && <Tag color="red">{t('Not_ended')}</Tag>}
            {!data.sealed && <Tag color="blue">{t('Never_sealed')}</Tag>}
            <span className="oj-sb-progress" data-testid="sb-progress">
              {t('Revealed', { step: view.step, total: view.total })}
            </span>
          </div>
        </div>
        <Controls
          playing={playing}
          done={view.done}
          speed={speed}
          onStep={step}
          onPlay={togglePlay}
          onSpeed={setSpeed}
          onAll={all}
        />
        <div className="oj-sb-hint">
          {view.done ? (
            <span data-testid="sb-final">
              {t('Final_standings')}
              {MEDALS.map((m, i) => (
                <span key={m} className={`oj-sb-legend medal-${m}`}>
                  {t(`Medal_${m}`)} {medals[i]}
                </span>
              ))}
            </span>
          ) : (
            t('Keys_hint')
          )}
        </div>
      </header>
      <ScrollBoardView data={data} view={view} moveMs={MOVE_MS / speed} delayMs={DELAY_MS / speed} />
    </div>
  );
}

/**
 * /scrollBoard?cid=…&removeStar=…&medals[]=gold&medals[]=silver&medals[]=bronze (doc 2 §2.10; issue 10 §2): the
 * full-screen resolver of a sealed ACM board, for contest admins (the server refuses others). Without medal counts
 * in the address it takes 10 / 20 / 30 % of the non-star rows (HOJ's defaults).
 */
export default function ScrollBoardPage() {
  const { t } = useTranslation('scrollBoard');
  const { search } = useLocation();
  const params = useMemo(() => parseScrollParams(search), [search]);
  const board = useScrollBoard(params.cid ?? 0, params.removeStar, params.cid != null);
  const medals = useMemo<MedalCounts>(() => {
    if (params.medals) return params.medals;
    const placed = board.data?.rows.filter((r) => r.rank !== -1).length ?? 0;
    return defaultMedals(placed);
  }, [params.medals, board.data]);
  useEffect(() => {
    if (board.data) document.title = `${t('Scroll_board')} · ${board.data.contest.title}`;
  }, [board.data, t]);

  if (params.cid == null) {
    return <Result status="warning" title={t('No_contest')} data-testid="sb-error" />;
  }
  if (board.isLoading) {
    return (
      <div className="oj-sb-loading">
        <Spin size="large" />
      </div>
    );
  }
  if (board.isError || !board.data) {
    return (
      <Result
        status="error"
        title={t('Load_failed')}
        subTitle={board.error?.message}
        data-testid="sb-error"
      />
    );
  }
  return <Stage data={board.data} medals={medals} />;
}
