import { Space } from 'antd';
import { JudgeServerCard } from '../components/JudgeServerCard.js';
import { ServiceStatusCard } from '../components/ServiceStatusCard.js';

/** /admin/judge-server (admin roles): backend and service status, then the judge servers. */
export default function JudgeServerPage() {
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <ServiceStatusCard />
      <JudgeServerCard />
    </Space>
  );
}
