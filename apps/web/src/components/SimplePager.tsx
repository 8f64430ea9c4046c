import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';

/**
 * A small previous/next pager for short lists on the home page (antd's Pagination brings Select and Input into
 * the boot bundle). Hidden when everything fits on one page.
 */
export function SimplePager({
  current,
  pageSize,
  total,
  onChange,
}: {
  current: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize) return null;
  return (
    <Space style={{ marginTop: 12, justifyContent: 'flex-end', width: '100%' }}>
      <Button
        size="small"
        icon={<LeftOutlined />}
        disabled={current <= 1}
        onClick={() => onChange(current - 1)}
        aria-label="prev"
      />
      <span data-testid="pager-text">
        {current} / {pages}
      </span>
      <Button
        size="small"
        icon={<RightOutlined />}
        disabled={current >= pages}
        onClick={() => onChange(current + 1)}
        aria-label="next"
      />
    </Space>
  );
}
