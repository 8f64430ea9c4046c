import { RotateLeftOutlined, RotateRightOutlined } from '@ant-design/icons';
import { Button, Slider, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AVATAR_CROP } from './avatar-check.js';
import { UploadProgressBar, type UploadState } from './UploadProgress.js';

const { box: BOX, view: VIEW } = AVATAR_CROP;
const MARGIN = (VIEW - BOX) / 2;

/** Draws `img` rotated by `rot` quarter turns, scaled by `scale`, centred at view centre + `pan`. */
function drawImage(
  ctx: CanvasRenderingContext2D,
  img: HTMLImageElement,
  rot: number,
  scale: number,
  pan: { x: number; y: number },
  origin: { x: number; y: number },
): void {
  ctx.save();
  ctx.translate(origin.x + pan.x, origin.y + pan.y);
  ctx.rotate((rot * Math.PI) / 2);
  ctx.scale(scale, scale);
  ctx.drawImage(img, -img.width / 2, -img.height / 2);
  ctx.restore();
}

/**
 * A small avatar cropper (doc 3 §5): a 200 x 200 crop box over the picture, drag to move, slider to zoom,
 * rotate left/right; Confirm gives a 200 x 200 PNG (quality 0.8) to `onConfirm`. `progress`: the upload's bar.
 */
export function AvatarCropper({
  file,
  onConfirm,
  onCancel,
  busy,
  progress = null,
}: {
  file: File;
  onConfirm: (png: Blob) => void;
  onCancel: () => void;
  busy?: boolean;
  progress?: UploadState | null;
}) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [img, setImg] = useState<HTMLImageElement | null>(null);
  const [rot, setRot] = useState(0);
  const [zoom, setZoom] = useState(1);
  const [pan, setPan] = useState({ x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number; pan: { x: number; y: number } } | null>(null);

  useEffect(() => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => setImg(image);
    image.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);

  // Base scale: the picture's short side fills the crop box.
  const base = img ? BOX / Math.min(img.width, img.height) : 1;

  useEffect(() => {
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx || !img) return;
    ctx.clearRect(0, 0, VIEW, VIEW);
    ctx.fillStyle = '#f0f0f0';
    ctx.fillRect(0, 0, VIEW, VIEW);
    drawImage(ctx, img, rot, base * zoom, pan, { x: VIEW / 2, y: VIEW / 2 });
    // Shade outside the crop box.
    ctx.fillStyle = 'rgba(0,0,0,0.45)';
    ctx.fillRect(0, 0, VIEW, MARGIN);
    ctx.fillRect(0, VIEW - MARGIN, VIEW, MARGIN);
    ctx.fillRect(0, MARGIN, MARGIN, BOX);
    ctx.fillRect(VIEW - MARGIN, MARGIN, MARGIN, BOX);
    ctx.strokeStyle = '#1677ff';
    ctx.lineWidth = 2;
    ctx.strokeRect(MARGIN, MARGIN, BOX, BOX);
  }, [img, rot, zoom, pan, base]);

  const confirm = () => {
    if (!img) return;
    const out = document.createElement('canvas');
    out.width = BOX;
    out.height = BOX;
    const ctx = out.getContext('2d');
    if (!ctx) return;
    drawImage(ctx, img, rot, base * zoom, pan, { x: BOX / 2, y: BOX / 2 });
    out.toBlob((b) => b && onConfirm(b), 'image/png', AVATAR_CROP.quality);
  };

  return (
    <div style={{ textAlign: 'center' }}>
      <canvas
        ref={canvasRef}
        width={VIEW}
        height={VIEW}
        data-testid="avatar-crop-canvas"
        style={{ cursor: 'move', touchAction: 'none', maxWidth: '100%' }}
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          drag.current = { x: e.clientX, y: e.clientY, pan };
        }}
        onPointerMove={(e) => {
          const d = drag.current;
          if (d) setPan({ x: d.pan.x + e.clientX - d.x, y: d.pan.y + e.clientY - d.y });
        }}
        onPointerUp={() => {
          drag.current = null;
        }}
      />
      <Slider min={1} max={4} step={0.05} value={zoom} onChange={setZoom} tooltip={{ open: false }} />
      <Space wrap style={{ justifyContent: 'center' }}>
        <Button icon={<RotateLeftOutlined />} onClick={() => setRot((r) => (r + 3) % 4)}>
          {t('Rotate_left')}
        </Button>
        <Button icon={<RotateRightOutlined />} onClick={() => setRot((r) => (r + 1) % 4)}>
          {t('Rotate_right')}
        </Button>
        <Button onClick={onCancel}>{t('Cancel')}</Button>
        <Button type="primary" onClick={confirm} loading={busy} disabled={!img}>
          {t('Confirm')}
        </Button>
      </Space>
      <UploadProgressBar state={progress} hideDone />
    </div>
  );
}
