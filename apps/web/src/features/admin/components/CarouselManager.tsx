import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Image, Popconfirm, Space, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkAvatarFile } from '../../../components/avatar-check.js';
import { UploadProgressBar, useUploadProgress } from '../../../components/UploadProgress.js';
import { notify } from '../../../lib/notify.js';
import { useHomeCarousel } from '../../home/api/home.js';
import { useDeleteCarousel, useUploadCarousel } from '../api/admin-config.js';

/** Home carousel images of System Config (doc 3 "rotation chart"): upload and delete. */
export function CarouselManager() {
  const { t } = useTranslation('admin');
  const { data } = useHomeCarousel();
  const upload = useUploadCarousel();
  const remove = useDeleteCarousel();
  const progress = useUploadProgress();

  const beforeUpload = (file: File) => {
    // Same image types as avatars; the size cap is the server's.
    if (checkAvatarFile({ name: file.name, size: 0 }) === 'type') {
      notify.error(t('common:File_type_not_supported', { name: file.name }));
      return false;
    }
    progress
      .track((onProgress) => upload.mutateAsync({ file, onProgress }))
      .then(() => notify.success(t('Upload_successfully')))
      .catch(() => undefined); // the api client showed the message
    return false;
  };

  return (
    <div>
      <Space wrap size={16} align="start">
        {(data ?? []).map((it) => (
          <div key={it.id} style={{ position: 'relative' }}>
            <Image src={it.url} width={200} height={112} style={{ objectFit: 'cover', borderRadius: 6 }} />
            <Popconfirm title={t('Delete_confirm')} onConfirm={() => remove.mutate(it.id)}>
              <Button
                danger
                size="small"
                icon={<DeleteOutlined />}
                style={{ position: 'absolute', top: 4, right: 4 }}
                aria-label={t('common:Delete')}
              />
            </Popconfirm>
          </div>
        ))}
        <Upload accept="image/*" showUploadList={false} beforeUpload={beforeUpload}>
          <Button icon={<PlusOutlined />} loading={upload.isPending} style={{ width: 200, height: 112 }}>
            {t('Add_image')}
          </Button>
        </Upload>
      </Space>
      <div style={{ maxWidth: 420 }}>
        <UploadProgressBar state={progress.state} hideDone />
      </div>
      {(data ?? []).length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('Carousel_default')} />
      )}
    </div>
  );
}
