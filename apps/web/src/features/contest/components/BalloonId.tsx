/** A problem's display id after a swatch of its balloon colour (none when the problem has no colour). */
export function BalloonId({ displayId, color }: { displayId: string; color: string | null }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }} data-testid="balloon-id">
      {color && (
        <span
          aria-hidden
          data-color={color}
          style={{
            width: 12,
            height: 12,
            borderRadius: 6,
            background: color,
            border: '1px solid var(--oj-border-control)',
            display: 'inline-block',
          }}
        />
      )}
      {displayId}
    </span>
  );
}
