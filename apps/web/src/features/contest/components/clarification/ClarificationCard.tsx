import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../../components/Markdown.js';
import { formatTime } from '../../../../lib/time.js';
import type { ContestClarificationVo } from '../../api/clarifications.js';
import './clarification.css';

/**
 * One clarification (issue 10 §3): what it is about (a problem or General), private / public, new, the question
 * (none for a post to everyone) and the answer or "waiting". The question is shown as typed (line breaks kept,
 * never markup); the answer, written by the contest's staff, as sanitized markdown (issue 25 item 5). `admin` adds the asker's and the answerer's names; `actions` go in the header (the admin buttons).
 */
export function ClarificationCard({
  c,
  fresh,
  admin,
  actions,
}: {
  c: ContestClarificationVo;
  fresh: boolean;
  admin: boolean;
  actions?: ReactNode;
}) {
  const { t } = useTranslation('clarification');
  const answered = c.answer != null;
  return (
    <article
      className={`oj-clar ${answered ? '' : 'oj-clar-open'}`}
      data-testid="clarification-item"
      data-id={c.id}
      data-public={String(c.public)}
      data-answered={String(answered)}
    >
      <header className="oj-clar-head">
        <Tag color={c.displayId ? 'blue' : 'default'}>{c.displayId ?? t('General')}</Tag>
        {c.question == null ? (
          <Tag color="purple">{t('To_everyone')}</Tag>
        ) : c.public ? (
          <Tag color="green">{t('Public')}</Tag>
        ) : (
          answered && <Tag>{t('Private')}</Tag>
        )}
        {!answered && <Tag color="orange">{t('Unanswered')}</Tag>}
        {fresh && <Tag color="red">{t('New')}</Tag>}
        {c.announcementId != null && <Tag color="gold">{t('Announced')}</Tag>}
        <span className="oj-clar-meta">
          {formatTime(c.gmtCreate)}
          {admin && c.username ? ` · ${c.username}` : c.mine ? ` · ${t('Asked_by_you')}` : ''}
        </span>
        {actions && <span className="oj-clar-actions">{actions}</span>}
      </header>
      {c.question != null && (
        <div className="oj-clar-text" data-testid="clarification-question">
          <span className="oj-clar-label">{t('Question')}</span>
          {c.question}
        </div>
      )}
      <div className="oj-clar-text oj-clar-answer" data-testid="clarification-answer">
        <span className="oj-clar-label">{t('Answer')}</span>
        {answered ? (
          <div className="oj-clar-md">
            <Markdown source={c.answer ?? ''} />
          </div>
        ) : (
          <em className="oj-clar-waiting">{t('Waiting_for_answer')}</em>
        )}
        {answered && (
          <div className="oj-clar-meta">
            {formatTime(c.gmtAnswered)}
            {admin && c.answerUsername ? ` · ${c.answerUsername}` : ''}
          </div>
        )}
      </div>
    </article>
  );
}
