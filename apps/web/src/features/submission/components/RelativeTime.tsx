import { Tooltip } from 'antd';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { formatTime } from '../../../lib/time.js';

dayjs.extend(relativeTime);

/** A time shown relative to now ("3 minutes ago"), the absolute local time in a tooltip (doc 2 §2.4). */
export function RelativeTime({ iso }: { iso: string }) {
  return (
    <Tooltip title={formatTime(iso, 'YYYY-MM-DD HH:mm:ss')}>
      <span>{dayjs(iso).fromNow()}</span>
    </Tooltip>
  );
}
