import { Spin } from 'antd';

/** Placeholder while a lazy page chunk loads. */
export function PageLoading() {
  return (
    <div style={{ padding: 48, textAlign: 'center' }}>
      <Spin />
    </div>
  );
}
