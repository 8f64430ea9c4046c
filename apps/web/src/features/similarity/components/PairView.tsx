import type { SimilarityPairDetailVo, SimilaritySide } from '@oj/shared';
import { Alert, Card, Col, Row, Skeleton, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CodeEditor, loadGlobalLook } from '../../../components/code-editor/index.js';
import { FRAGMENT_COLORS, highlightRegions } from '../lib/highlight.js';

/** One side: who, which submission, and the program with its fragments highlighted. */
function Side(props: {
  side: SimilaritySide;
  code: string;
  regions: ReturnType<typeof highlightRegions>;
  testId: string;
}) {
  const look = useMemo(loadGlobalLook, []);
  const { side } = props;
  return (
    <Card
      size="small"
      title={
        <span>
          {side.username}{' '}
          <Link to={`/submission-detail/${side.submitId}`} data-testid={`${props.testId}-link`}>
            #{side.submitId}
          </Link>{' '}
          <Typography.Text type="secondary">{side.language}</Typography.Text>
        </span>
      }
      styles={{ body: { padding: 0 } }}
    >
      <CodeEditor
        value={props.code}
        readOnly
        languageName={side.language}
        theme={look.theme}
        fontSize={look.fontSize}
        tabSize={look.tabSize}
        height="auto"
        testId={props.testId}
        extensions={[props.regions]}
      />
    </Card>
  );
}

/**
 * A pair side by side in the app's code viewer (issue 29 part 1): each matched fragment highlighted in the same
 * colour on both sides, the fragment list with its lines below the similarity. Stacked on narrow screens.
 */
export function PairView(props: { detail: SimilarityPairDetailVo | undefined; loading: boolean }) {
  const { t } = useTranslation('similarity');
  const d = props.detail;
  const regions = useMemo(() => {
    const frs = d?.fragments ?? [];
    return {
      left: highlightRegions(frs.map((f, i) => ({ ...f.left, color: i }))),
      right: highlightRegions(frs.map((f, i) => ({ ...f.right, color: i }))),
    };
  }, [d]);
  if (props.loading || !d) return <Skeleton active />;
  return (
    <div data-testid="similarity-pair">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message={t('Pair_summary', {
          similarity: (d.pair.similarity * 100).toFixed(1),
          fragments: d.fragments.length,
          longest: d.pair.longest,
        })}
        description={
          <span>
            {d.fragments.slice(0, 24).map((f, i) => (
              <Tag
                // biome-ignore lint/suspicious/noArrayIndexKey: fragments have no id; their order is fixed
                key={i}
                style={{ background: FRAGMENT_COLORS[i % FRAGMENT_COLORS.length], color: 'inherit' }}
              >
                {t('Fragment_lines', {
                  left: `${f.left.startRow + 1}-${f.left.endRow + 1}`,
                  right: `${f.right.startRow + 1}-${f.right.endRow + 1}`,
                })}
              </Tag>
            ))}
          </span>
        }
      />
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={12}>
          <Side side={d.pair.left} code={d.leftCode} regions={regions.left} testId="similarity-left" />
        </Col>
        <Col xs={24} lg={12}>
          <Side side={d.pair.right} code={d.rightCode} regions={regions.right} testId="similarity-right" />
        </Col>
      </Row>
    </div>
  );
}
