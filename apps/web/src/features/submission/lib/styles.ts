/** Style of program text boxes (outputs, compile messages, case data). */
export const preBox: React.CSSProperties = {
  background: 'var(--oj-bg-code)',
  border: '1px solid var(--oj-border)',
  borderRadius: 4,
  padding: '8px 10px',
  margin: '4px 0 8px',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
  fontFamily: 'monospace',
  fontSize: 13,
  maxHeight: 300,
  overflow: 'auto',
};
