/** Style of program text boxes (outputs, compile messages, case data). */
export const preBox: React.CSSProperties = {
  background: '#f7f8fa',
  border: '1px solid #e8e8e8',
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
