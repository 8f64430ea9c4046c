import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { SHORTCUTS } from '../lib/shortcuts.js';

const kbd: React.CSSProperties = {
  display: 'inline-block',
  minWidth: 22,
  padding: '1px 6px',
  border: '1px solid rgba(128,128,128,0.45)',
  borderBottomWidth: 2,
  borderRadius: 4,
  fontFamily: 'monospace',
  fontSize: 12,
  textAlign: 'center',
};
const cell: React.CSSProperties = { padding: '6px 8px', textAlign: 'left', verticalAlign: 'top' };

/** The keyboard shortcuts (SHORTCUTS) as a table: keys, what they do, where; on /help and in the `?` dialog. */
export function ShortcutList() {
  const { t } = useTranslation('shortcuts');
  return (
    // Scrolls sideways inside its card on a narrow phone rather than widening the page.
    <div style={{ overflowX: 'auto' }}>
      <table style={{ borderCollapse: 'collapse', width: '100%', fontSize: 14 }} data-testid="shortcut-list">
        <thead>
          <tr>
            <th style={cell}>{t('Keys')}</th>
            <th style={cell}>{t('Action')}</th>
            <th style={cell}>{t('Where')}</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={`${s.keys.join('+')}-${s.label}`}>
              <td style={{ ...cell, whiteSpace: 'nowrap' }}>
                {s.keys.map((k, i) => (
                  <Fragment key={k}>
                    {i > 0 && (s.join === 'then' ? ` ${t('then')} ` : s.join === 'or' ? ' / ' : ' + ')}
                    <kbd style={kbd}>{k}</kbd>
                  </Fragment>
                ))}
              </td>
              <td style={cell}>{t(s.label)}</td>
              <td style={cell}>{t(`where.${s.where}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
