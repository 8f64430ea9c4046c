import {
  BarChartOutlined,
  CheckCircleOutlined,
  CommentOutlined,
  InfoCircleOutlined,
} from '@ant-design/icons';
import { JudgeStatus, ProblemType } from '@oj/shared';
import { Button, Descriptions, Divider, Space, Tag } from 'antd';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session.js';
import './statement.css';
import { ColorTag } from '../../../components/ColorTag.js';
import { lazyOnOpen } from '../../../components/lazy-on-open.js';
import { RemoteOriginalLink } from '../../remote-judge/components/RemoteOriginalLink.js';
import type { ProblemDetailResponse } from '../api/types.js';
import { shownLimits } from '../lib/problem-math.js';
import { useTagLabel } from '../lib/seeded-tags.js';
import { DifficultyTag } from './DifficultyTag.js';
import { SampleBlock } from './SampleBlock.js';
import { StatementHtml } from './StatementText.js';

/** A link wrapping a small button takes the button's box (an inline link is shorter than its 24 px button). */
const BUTTON_LINK: CSSProperties = { display: 'inline-flex' };

/** The statistics dialog (antd Modal, then ECharts), loaded when first opened. */
const StatisticsDialog = lazyOnOpen(() => import('./StatisticsDialog.js').then((m) => m.StatisticsDialog));

function Section({ title, html }: { title: string; html: string }) {
  if (!html) return null;
  return (
    <section style={{ marginBottom: 16 }}>
      <h5 className="oj-title-5">{title}</h5>
      <StatementHtml html={html} />
    </section>
  );
}

/**
 * The statement of doc 2 §2.2: title, limits (C/C++ and the doubled value for other languages), type (ACM or
 * OI), level, author,
 * tags, statistics, Solutions and Discussion links, then description, input, output, samples with copy buttons,
 * hint and source.
 */
export function ProblemStatement({
  detail,
  showDiscussion,
  solutionsPath,
  discussionPath,
}: {
  detail: ProblemDetailResponse;
  showDiscussion: boolean;
  /** Where the Solutions link goes (a contest's submission list); the practice status page by default. */
  solutionsPath?: string;
  /** Where the Discussion link goes (a group's discussions of the problem); the public ones by default. */
  discussionPath?: string;
}) {
  const { t } = useTranslation('problem');
  const tagLabel = useTagLabel();
  const [stats, setStats] = useState(false);
  const p = detail.problem;
  const lim = shownLimits(p);
  const { token } = useSession();
  const solved = detail.myStatus === JudgeStatus.ACCEPTED;
  const solutions =
    solutionsPath ?? `/status?problemID=${encodeURIComponent(p.problemId)}&completeProblemID=true`;
  return (
    <article data-testid="problem-statement" className="oj-statement">
      {/* Headings drawn as antd's Title (statement.css): antd's Typography carries its editable TextArea. */}
      <h3 className="oj-title-3">
        <span data-testid="problem-title">
          {p.problemId} {p.title}
        </span>
        {/* Beside the title, not above the editor: a first verdict does not move the editor down. */}
        {token && detail.myStatus !== JudgeStatus.NOT_SUBMITTED && (
          <Tag
            color={solved ? 'success' : 'processing'}
            icon={solved ? <CheckCircleOutlined /> : <InfoCircleOutlined />}
            data-testid="my-problem-status"
            style={{ marginInlineStart: 8, verticalAlign: 'middle', fontWeight: 'normal' }}
          >
            {solved ? t('You_have_solved_the_problem') : t('You_have_submitted_a_solution')}
          </Tag>
        )}
      </h3>
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'time',
            label: t('Time_Limit'),
            children:
              lim.otherTime == null
                ? `${lim.time}ms`
                : t('Limit_CCpp_Others', { cc: `${lim.time}ms`, other: `${lim.otherTime}ms` }),
          },
          {
            key: 'mem',
            label: t('Memory_Limit'),
            children:
              lim.otherMemory == null
                ? `${lim.memory}MB`
                : t('Limit_CCpp_Others', { cc: `${lim.memory}MB`, other: `${lim.otherMemory}MB` }),
          },
          // The borderline TLE re-check is the local judge's; a remote problem's site judges it (issue 27).
          ...(p.tleRecheckMargin != null && !p.isRemote
            ? [
                {
                  key: 'recheck',
                  label: t('Tle_recheck'),
                  children: (
                    <span data-testid="problem-tle-recheck">
                      {t('Tle_recheck_value', { margin: p.tleRecheckMargin })}
                    </span>
                  ),
                },
              ]
            : []),
          {
            key: 'type',
            label: t('Problem_Type'),
            children: (
              <span data-testid="problem-type">
                {p.type === ProblemType.OI ? t('Type_OI') : t('Type_ACM')}
              </span>
            ),
          },
          { key: 'level', label: t('Level'), children: <DifficultyTag difficulty={p.difficulty} /> },
          ...(p.author ? [{ key: 'author', label: t('Author'), children: p.author }] : []),
          ...(p.isFileIO
            ? [
                {
                  key: 'io',
                  label: t('File_IO'),
                  children: `${p.ioReadFileName ?? ''} / ${p.ioWriteFileName ?? ''}`,
                },
              ]
            : []),
        ]}
      />
      {detail.tags.length > 0 && (
        <Space size={[0, 4]} wrap style={{ margin: '8px 0' }}>
          <span style={{ marginRight: 8 }}>{t('Tags')}:</span>
          {detail.tags.map((tag) => (
            <ColorTag key={tag.id} color={tag.color}>
              {tagLabel(tag.name)}
            </ColorTag>
          ))}
        </Space>
      )}
      <div>
        <Space wrap>
          {detail.problemCount && (
            <Button
              size="small"
              icon={<BarChartOutlined />}
              onClick={() => setStats(true)}
              data-testid="statistics"
            >
              {t('Statistic')}
            </Button>
          )}
          {/* The link as tall as its button: a pointer target of 24 px at least (axe target-size). */}
          <Link to={solutions} style={BUTTON_LINK}>
            <Button size="small" icon={<CheckCircleOutlined />}>
              {t('Solutions')}
            </Button>
          </Link>
          {showDiscussion && (
            <Link to={discussionPath ?? `/discussion/${encodeURIComponent(p.problemId)}`} style={BUTTON_LINK}>
              <Button size="small" icon={<CommentOutlined />}>
                {t('Discussion')}
              </Button>
            </Link>
          )}
        </Space>
      </div>
      <Divider style={{ margin: '12px 0' }} />
      <Section title={t('Description')} html={detail.statementHtml.description} />
      <Section title={t('Input')} html={detail.statementHtml.input} />
      <Section title={t('Output')} html={detail.statementHtml.output} />
      {(p.examples ?? []).length > 0 && (
        <section style={{ marginBottom: 16 }}>
          {(p.examples ?? []).map((e, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: samples are a fixed, ordered list without ids
            <SampleBlock key={i} example={e} index={i} />
          ))}
        </section>
      )}
      <Section title={t('Hint')} html={detail.statementHtml.hint} />
      {p.source?.trim() && (
        <section>
          <h5 className="oj-title-5">{t('Source')}</h5>
          <div className="oj-paragraph">{p.source}</div>
        </section>
      )}
      {p.isRemote && p.remoteUrl && <RemoteOriginalLink url={p.remoteUrl} oj={p.remoteOj} />}
      {detail.problemCount && (
        <StatisticsDialog
          open={stats}
          onClose={() => setStats(false)}
          count={detail.problemCount}
          title={p.problemId}
        />
      )}
    </article>
  );
}
