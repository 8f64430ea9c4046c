import { useTranslation } from 'react-i18next';

/**
 * A remote problem's "Original problem" section of the statement (issue 27): a link to its page on the site (new
 * tab), only for an http(s) address. Its own component so that the remoteJudge dictionary loads for remote problems
 * only.
 */
export function RemoteOriginalLink({ url, oj }: { url: string; oj: string | null }) {
  const { t } = useTranslation('remoteJudge');
  if (!/^https?:\/\//.test(url)) return null;
  return (
    <section data-testid="remote-original">
      <h5 className="oj-title-5">{t('Original_problem')}</h5>
      <div className="oj-paragraph">
        <a href={url} target="_blank" rel="noopener noreferrer">
          {t('Open_on_site', { oj: oj ? t(`oj.${oj}`, { defaultValue: oj }) : '' })}
        </a>
      </div>
    </section>
  );
}
