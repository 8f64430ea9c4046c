/**
 * The replicas' pages, one section per site, shaped after the real sites' markup (written from knowledge of those
 * pages; checked only against the adapters, not against the live sites: docs/remote-judges.md). Each serves one
 * problem (HDU 1000, POJ 1000, CF 1A, GYM 100001A, AtCoder abc001_a, SPOJ TEST) and answers login, submit, status,
 * compile error and problem pages for it.
 */
import { createCipheriv, randomBytes } from 'node:crypto';
import {
  DEFAULT_COMPILE_ERROR,
  esc,
  type ReplicaHandler,
  type ReplicaReply,
  type ReplicaState,
  type ReplicaVerdict,
  type Run,
  redirect,
  sleep,
  type VerdictScript,
} from './kit.js';

const page = (title: string, body: string) =>
  `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${esc(title)}</title></head><body>${body}</body></html>`;

async function delayed(state: ReplicaState): Promise<void> {
  if (state.submitDelayMs > 0) await sleep(state.submitDelayMs);
}

const time = (s: VerdictScript) => s.time ?? 15;
const memory = (s: VerdictScript) => s.memory ?? 1404;
const ce = (s: VerdictScript) => s.compileError ?? DEFAULT_COMPILE_ERROR;

// ---------------------------------------------------------------- HDU

const HDU_WORDS: Record<ReplicaVerdict, string> = {
  AC: 'Accepted',
  WA: 'Wrong Answer',
  PE: 'Presentation Error',
  CE: 'Compilation Error',
  RE: 'Runtime Error<br>(ACCESS_VIOLATION)',
  TLE: 'Time Limit Exceeded',
  MLE: 'Memory Limit Exceeded',
  OLE: 'Output Limit Exceeded',
  SE: 'System Error',
};

const hduLoginForm = `<form action="/userloginex.php?action=login" method="post"><input name="username"><input type="password" name="userpass"><input type="submit" name="login" value="Sign In"></form>`;

function hduStatusRow(state: ReplicaState, r: Run): string {
  const { final, script } = state.read(r);
  const words = final
    ? String(script.raw ?? HDU_WORDS[script.verdict])
    : r.reads === 1
      ? 'Queuing'
      : 'Running';
  const verdict =
    final && script.verdict === 'CE' ? `<a href="/viewerror.php?rid=${r.runId}">${words}</a>` : words;
  return `<tr align=center><td height=22px>${r.runId}</td><td>2026-11-28 04:00:00</td><td><font color=red>${verdict}</font></td><td><a href="/showproblem.php?pid=${r.problemId}">${r.problemId}</a></td><td>${final ? time(script) : 0}MS</td><td>${final ? memory(script) : 0}K</td><td><a href="/viewcode.php?rid=${r.runId}">${r.code.length}B</a></td><td>G++</td><td class=fixedsize><a href="/userstatus.php?user=${esc(r.user)}">${esc(r.user)}</a></td></tr>`;
}

export const hdu: ReplicaHandler = async (req, state) => {
  if (req.path === '/userloginex.php' && req.method === 'POST') {
    const cookie = state.login(req.form.get('username') ?? '', req.form.get('userpass') ?? '');
    if (!cookie) return { body: page('User Login', `<p>No such user or wrong password.</p>${hduLoginForm}`) };
    return redirect('/', cookie);
  }
  if (req.path === '/' || req.path === '/index.php') {
    return {
      body: page(
        'HDU Online Judge System',
        req.user ? `<a href="/userloginex.php?action=logout">Sign Out</a>` : hduLoginForm,
      ),
    };
  }
  if (req.path === '/submit.php' && req.method === 'POST') {
    if (!req.user) return { body: page('User Login', hduLoginForm) };
    await delayed(state);
    const code = req.form.get('usercode') ?? '';
    const echoed = Buffer.from(req.form.get('_usercode') ?? '', 'base64').toString('utf8');
    if (decodeURIComponent(echoed) !== code) return { status: 400, body: 'bad _usercode' };
    const pid = req.form.get('problemid') ?? '';
    const made =
      pid === '1000'
        ? state.submit({ user: req.user, problemId: pid, language: req.form.get('language') ?? '', code })
        : 'error';
    if (made === 'error')
      return {
        body: page(
          'System Message',
          `<div class="error_text">Submit failed: No such problem or the judge is busy</div>`,
        ),
      };
    return redirect('/status.php');
  }
  if (req.path === '/status.php') {
    const user = req.query.get('user') ?? '';
    const pid = req.query.get('pid') || undefined;
    const first = Number(req.query.get('first') || Number.POSITIVE_INFINITY);
    const rows = state
      .runsOf(user, pid)
      .filter((r) => r.runId <= first)
      .slice(0, 15)
      .map((r) => hduStatusRow(state, r))
      .join('');
    return {
      body: page(
        'Realtime Status',
        `<div align=center><table width=100% border=0 align=center cellspacing=2 class='table_text'><tr bgcolor=#D7EBFF align=center class='table_header'><td width=8%>Run ID</td><td width=16%>Submit Time</td><td width=18%>Judge Status</td><td width=8%>Pro.ID</td><td width=8%>Exe.Time</td><td width=8%>Exe.Memory</td><td width=8%>Code Len.</td><td width=8%>Language</td><td width=18%>Author</td></tr>${rows}</table></div>`,
      ),
    };
  }
  if (req.path === '/viewerror.php') {
    const run = state.runs.find((r) => String(r.runId) === req.query.get('rid'));
    if (!run) return { body: page('System Message', 'No such error message') };
    return {
      body: page(
        'View Compilation Error',
        `<table><tr><td><pre>${esc(ce(run.script))}</pre></td></tr></table>`,
      ),
    };
  }
  if (req.path === '/showproblem.php') {
    if (req.query.get('pid') !== '1000')
      return {
        body: page('System Message', '<div>No such problem - <strong>Problem Id Error</strong></div>'),
      };
    return {
      body: page(
        'Problem - 1000',
        `<table><tr><td align=center><h1 style='color:#1A5CC8'>A + B Problem</h1><font><b><span style='font-family:Arial;font-size:12px;font-weight:bold;color:green'>Time Limit: 2000/1000 MS (Java/Others)&nbsp;&nbsp;&nbsp;&nbsp;Memory Limit: 65536/32768 K (Java/Others)<br>Total Submission(s): 1 &nbsp;&nbsp;&nbsp;&nbsp;Accepted Submission(s): 1<br></span></b></font>
<div class=panel_title align=left>Problem Description</div> <div class=panel_content>Calculate <i>A + B</i>.</div><div class=panel_bottom>&nbsp;</div>
<div class=panel_title align=left>Input</div> <div class=panel_content>Each line will contain two integers <i>A</i> and <i>B</i>. Process to end of file.</div><div class=panel_bottom>&nbsp;</div>
<div class=panel_title align=left>Output</div> <div class=panel_content>For each case, output <i>A + B</i> in one line.</div><div class=panel_bottom>&nbsp;</div>
<div class=panel_title align=left>Sample Input</div><div class=panel_content><pre><div style="font-family:Courier New,Courier,monospace;">1 1</div></pre></div><div class=panel_bottom>&nbsp;</div>
<div class=panel_title align=left>Sample Output</div><div class=panel_content><pre><div style="font-family:Courier New,Courier,monospace;">2</div></pre></div><div class=panel_bottom>&nbsp;</div>
<div class=panel_title align=left>Author</div> <div class=panel_content>HDOJ</div><div class=panel_bottom>&nbsp;</div>
<div class=panel_title align=left>Source</div> <div class=panel_content><a href="/search.php?field=problem&key=HDOJ&source=1&searchmode=source"> HDOJ </a></div>
</td></tr></table>`,
      ),
    };
  }
  return { status: 404, body: 'Not Found' };
};

// ---------------------------------------------------------------- POJ

const POJ_WORDS: Record<ReplicaVerdict, string> = {
  AC: 'Accepted',
  WA: 'Wrong Answer',
  PE: 'Presentation Error',
  CE: 'Compile Error',
  RE: 'Runtime Error',
  TLE: 'Time Limit Exceeded',
  MLE: 'Memory Limit Exceeded',
  OLE: 'Output Limit Exceeded',
  SE: 'System Error',
};

const pojLoginForm = `<form method=POST action=login><input type=text name=user_id1><input type=password name=password1><input type=submit name=B1 value=login></form>`;

function pojStatusRow(state: ReplicaState, r: Run): string {
  const { final, script } = state.read(r);
  const words = final
    ? String(script.raw ?? POJ_WORDS[script.verdict])
    : r.reads === 1
      ? 'Waiting'
      : 'Running &amp; Judging';
  const verdict =
    final && script.verdict === 'CE'
      ? `<a href=showcompileinfo?solution_id=${r.runId} target=_blank><font color=green>${words}</font></a>`
      : `<font color=blue>${words}</font>`;
  return `<tr align=center><td>${r.runId}</td><td><a href=userstatus?user_id=${esc(r.user)}>${esc(r.user)}</a></td><td><a href=problem?id=${r.problemId}>${r.problemId}</a></td><td>${verdict}</td><td>${final ? `${memory(script)}K` : ''}</td><td>${final ? `${time(script)}MS` : ''}</td><td>G++</td><td>${r.code.length}B</td><td>2026-11-28 04:00:00</td></tr>`;
}

export const poj: ReplicaHandler = async (req, state) => {
  if (req.path === '/login' && req.method === 'POST') {
    const cookie = state.login(req.form.get('user_id1') ?? '', req.form.get('password1') ?? '');
    if (!cookie) return { body: page('Error', `<script>alert('Login failed!');history.go(-1);</script>`) };
    return redirect(req.form.get('url') || '/', cookie);
  }
  if (req.path === '/')
    return {
      body: page(
        'Welcome To PKU JudgeOnline',
        req.user
          ? `<a href=userstatus?user_id=${esc(req.user)}>${esc(req.user)}</a> <a href=login?action=logout>Log Out</a>`
          : pojLoginForm,
      ),
    };
  if (req.path === '/submit' && req.method === 'POST') {
    if (!req.user) return { body: page('Error', `<p>Please login first.</p>${pojLoginForm}`) };
    await delayed(state);
    const code =
      req.form.get('encoded') === '1'
        ? Buffer.from(req.form.get('source') ?? '', 'base64').toString('utf8')
        : (req.form.get('source') ?? '');
    const pid = req.form.get('problem_id') ?? '';
    const made =
      pid === '1000'
        ? state.submit({ user: req.user, problemId: pid, language: req.form.get('language') ?? '', code })
        : 'error';
    if (made === 'error')
      return {
        body: page(
          'Error',
          `<font size=4>Error Occurred</font><ul><li>No such problem or the judge is busy</li></ul>`,
        ),
      };
    return redirect('/status');
  }
  if (req.path === '/status') {
    const user = req.query.get('user_id') ?? '';
    const pid = req.query.get('problem_id') || undefined;
    const top = Number(req.query.get('top') || Number.POSITIVE_INFINITY);
    const rows = state
      .runsOf(user, pid)
      .filter((r) => r.runId < top)
      .slice(0, 20)
      .map((r) => pojStatusRow(state, r))
      .join('');
    return {
      body: page(
        'Problem Status List',
        `<table cellspacing=0 cellpadding=0 width=100% border=1 class=a bordercolor=#FFFFFF><tr class='in'><td width=10%>Run ID</td><td width=16%>User</td><td width=6%>Problem</td><td width=20%>Result</td><td width=7%>Memory</td><td width=7%>Time</td><td width=7%>Language</td><td width=7%>Code Length</td><td width=20%>Submit Time</td></tr>${rows}</table>`,
      ),
    };
  }
  if (req.path === '/showcompileinfo') {
    const run = state.runs.find((r) => String(r.runId) === req.query.get('solution_id'));
    return {
      body: page('Compile Error', `<p>Compile Error</p><pre>${esc(run ? ce(run.script) : '')}</pre>`),
    };
  }
  if (req.path === '/problem') {
    if (req.query.get('id') !== '1000')
      return {
        body: page('Error', '<li>Can not find problem (ID:' + esc(req.query.get('id') ?? '') + ')</li>'),
      };
    return {
      body: page(
        '1000 -- A+B Problem',
        `<div class="ptt" lang="en-US">A+B Problem</div><div class="plm"><table align="center"><tr><td><b>Time Limit:</b> 1000MS</td><td width="10px"></td><td><b>Memory Limit:</b> 10000K</td></tr><tr><td><b>Total Submissions:</b> 1</td><td width="10px"></td><td><b>Accepted:</b> 1</td></tr></table></div>
<p class="pst">Description</p><div class="ptx" lang="en-US">Calculate a+b</div>
<p class="pst">Input</p><div class="ptx" lang="en-US">Two integer a,b (0&lt;=a,b&lt;=10)</div>
<p class="pst">Output</p><div class="ptx" lang="en-US">Output a+b</div>
<p class="pst">Sample Input</p><pre class="sio">1 2</pre>
<p class="pst">Sample Output</p><pre class="sio">3</pre>
<p class="pst">Hint</p><div class="ptx" lang="en-US">Q: Where are the input and the output?</div>
<p class="pst">Source</p><div class="ptx" lang="en-US"><a href="searchproblem?field=source&key=POJ">POJ</a></div>`,
      ),
    };
  }
  return { status: 404, body: 'Not Found' };
};

// ---------------------------------------------------------------- Codeforces and gym

const CF_WORDS: Record<ReplicaVerdict, string> = {
  AC: 'OK',
  WA: 'WRONG_ANSWER',
  PE: 'PRESENTATION_ERROR',
  CE: 'COMPILATION_ERROR',
  RE: 'RUNTIME_ERROR',
  TLE: 'TIME_LIMIT_EXCEEDED',
  MLE: 'MEMORY_LIMIT_EXCEEDED',
  OLE: 'IDLENESS_LIMIT_EXCEEDED',
  SE: 'CRASHED',
};

/** The RCPC challenge: the cookie the page's script would compute, and the page. */
function rcpcChallenge(): { cookie: string; html: string } {
  const key = randomBytes(16);
  const iv = randomBytes(16);
  const plain = randomBytes(16);
  const c = createCipheriv('aes-128-cbc', key, iv);
  c.setAutoPadding(false);
  const enc = Buffer.concat([c.update(plain), c.final()]);
  const html = `<html><body>Redirecting... Please, wait.<script type="text/javascript" src="/aes.min.js" ></script><script>function toNumbers(d){var e=[];d.replace(/(..)/g,function(d){e.push(parseInt(d,16))});return e}function toHex(){for(var d=[],d=1==arguments.length&&arguments[0].constructor==Array?arguments[0]:arguments,e="",f=0;f<d.length;f++)e+=(16>d[f]?"0":"")+d[f].toString(16);return e.toLowerCase()}var a=toNumbers("${key.toString('hex')}"),b=toNumbers("${iv.toString('hex')}"),c=toNumbers("${enc.toString('hex')}");document.cookie="RCPC="+toHex(slowAES.decrypt(c,2,a,b))+"; expires=Thu, 31-Dec-37 23:55:55 GMT; path=/";document.location.href="/enter?f0a28=1";</script></body></html>`;
  return { cookie: plain.toString('hex'), html };
}

/** Codeforces' replica also asks for the RCPC cookie (once per client) when `cfRcpc` is on. */
export interface CfOptions {
  rcpc: boolean;
}

const CF_PROBLEMS: Record<
  string,
  { contestId: number; index: string; name: string; gym: boolean; source: string }
> = {
  '1A': { contestId: 1, index: 'A', name: 'Theatre Square', gym: false, source: 'Codeforces Beta Round 1' },
  '100001A': {
    contestId: 100001,
    index: 'A',
    name: 'Gym Square',
    gym: true,
    source: '2010 Gym Training Contest',
  },
};

function cfProblemPage(key: string): string {
  const p = CF_PROBLEMS[key];
  return page(
    `Problem - ${key} - Codeforces`,
    `<div id="sidebar"><div class="roundbox sidebox"><table class="rtable "><tbody><tr><th class="left" style="width:100%;"><a style="color: black" href="/${p.gym ? 'gym' : 'contest'}/${p.contestId}">${esc(p.source)}</a></th></tr></tbody></table></div></div>
<div class="problemindexholder" problemindex="${p.index}"><div class="ttypography"><div class="problem-statement"><div class="header"><div class="title">${p.index}. ${esc(p.name)}</div><div class="time-limit"><div class="property-title">time limit per test</div>1 second</div><div class="memory-limit"><div class="property-title">memory limit per test</div>256 megabytes</div><div class="input-file"><div class="property-title">input</div>standard input</div><div class="output-file"><div class="property-title">output</div>standard output</div></div><div><p>Theatre Square in the capital city of Berland has a rectangular shape with the size $$$n \\times m$$$ meters. Each flagstone is of the size $$$a \\times a$$$.</p></div><div class="input-specification"><div class="section-title">Input</div><p>The input contains three positive integer numbers in the first line: $$$n$$$, $$$m$$$ and $$$a$$$ ($$$1 \\le n, m, a \\le 10^9$$$).</p></div><div class="output-specification"><div class="section-title">Output</div><p>Write the needed number of flagstones.</p></div><div class="sample-tests"><div class="section-title">Examples</div><div class="sample-test"><div class="input"><div class="title">Input</div><pre><div class="test-example-line test-example-line-even test-example-line-0">6 6 4</div></pre></div><div class="output"><div class="title">Output</div><pre>4<br /></pre></div></div></div><div class="note"><div class="section-title">Note</div><p>Nine flagstones, less is not possible.</p></div></div></div></div>`,
  );
}

const cfLoginPage = (csrf: string, error = '') =>
  page(
    'Login - Codeforces',
    `<meta name="X-Csrf-Token" content="${csrf}"/><form method="post" action="" id="enterForm"><input type="hidden" name="csrf_token" value="${csrf}"/><input type="hidden" name="action" value="enter"/><input type="hidden" name="ftaa" value=""/><input type="hidden" name="bfaa" value=""/><input id="handleOrEmail" name="handleOrEmail" value=""/><input type="password" id="password" name="password"/>${error ? `<span class="error for__password">${error}</span>` : ''}<input type="checkbox" name="remember" id="remember"/></form>`,
  );

function cfSubmitPage(csrf: string, contestId: string, error = ''): string {
  return page(
    'Submit - Codeforces',
    `<meta name="X-Csrf-Token" content="${csrf}"/><form class="submit-form" method="post" action="?csrf_token=${csrf}" enctype="multipart/form-data"><input type="hidden" name="csrf_token" value="${csrf}"/><input type="hidden" name="action" value="submitSolutionFormSubmitted"/><input type="hidden" name="contestId" value="${contestId}"/><select name="submittedProblemIndex"><option value="A">A</option></select><select name="programTypeId"><option value="54">GNU G++17 7.3.0</option></select><textarea name="source"></textarea>${error ? `<span class="error for__source">${error}</span>` : ''}</form>`,
  );
}

export function codeforces(options: CfOptions): ReplicaHandler {
  const csrf = randomBytes(16).toString('hex');
  /** RCPC cookies handed out (a client passes once it sends one of them). */
  const rcpc = new Set<string>();
  return async (req, state) => {
    if (
      options.rcpc &&
      !req.path.startsWith('/api/') &&
      !req.path.startsWith('/data/') &&
      !rcpc.has(req.cookies.RCPC ?? '')
    ) {
      const ch = rcpcChallenge();
      rcpc.add(ch.cookie);
      return { body: ch.html };
    }
    if (req.path.startsWith('/api/')) return cfApi(req.path.slice(5), req.query, state);
    if (req.path === '/enter' && req.method === 'GET') return { body: cfLoginPage(csrf) };
    if (req.path === '/enter' && req.method === 'POST') {
      if (req.form.get('csrf_token') !== csrf)
        return { status: 403, body: page('Codeforces', 'Invalid CSRF token') };
      const cookie = state.login(req.form.get('handleOrEmail') ?? '', req.form.get('password') ?? '');
      if (!cookie) return { body: cfLoginPage(csrf, 'Invalid handle/email or password') };
      return redirect('/', cookie);
    }
    if (req.path === '/') {
      return {
        body: page(
          'Codeforces',
          req.user
            ? `<meta name="X-Csrf-Token" content="${csrf}"/><a href="/profile/${esc(req.user)}">${esc(req.user)}</a> | <a href="/${csrf}/logout">Logout</a>`
            : '<a href="/enter">Enter</a>',
        ),
      };
    }
    const submit = /^\/(contest|gym)\/(\d+)\/submit$/.exec(req.path);
    if (submit) {
      if (!req.user) return redirect('/enter?back=%2Fcontest%2F1%2Fsubmit');
      if (req.method === 'GET') return { body: cfSubmitPage(csrf, submit[2]) };
      if (req.query.get('csrf_token') !== csrf || req.form.get('csrf_token') !== csrf)
        return { status: 403, body: 'Invalid CSRF' };
      await delayed(state);
      const key = `${submit[2]}${req.form.get('submittedProblemIndex') ?? ''}`;
      const known = CF_PROBLEMS[key] && CF_PROBLEMS[key].gym === (submit[1] === 'gym');
      const made = known
        ? state.submit({
            user: req.user,
            problemId: key,
            language: req.form.get('programTypeId') ?? '',
            code: req.form.get('source') ?? '',
          })
        : 'error';
      if (made === 'error')
        return { body: cfSubmitPage(csrf, submit[2], 'You have submitted exactly the same code before') };
      return redirect(`/${submit[1]}/${submit[2]}/my`);
    }
    if (/^\/(contest|gym)\/\d+\/my$/.test(req.path)) return { body: page('My submissions', '') };
    if (req.path === '/data/submitSource' && req.method === 'POST') {
      const run = state.runs.find((r) => String(r.runId) === req.form.get('submissionId'));
      if (!run || req.form.get('csrf_token') !== csrf) return { status: 403, json: {} };
      return {
        json: {
          source: run.code,
          'checkerStdoutAndStderr#1': run.script.verdict === 'CE' ? ce(run.script) : '',
        },
      };
    }
    const cf = /^\/problemset\/problem\/(\d+)\/([A-Z]\d*)$/.exec(req.path);
    if (cf && CF_PROBLEMS[cf[1] + cf[2]] && !CF_PROBLEMS[cf[1] + cf[2]].gym)
      return { body: cfProblemPage(cf[1] + cf[2]) };
    const gym = /^\/gym\/(\d+)\/problem\/([A-Z]\d*)$/.exec(req.path);
    if (gym && CF_PROBLEMS[gym[1] + gym[2]]?.gym) return { body: cfProblemPage(gym[1] + gym[2]) };
    if (cf || gym) return redirect('/');
    return { status: 404, body: page('Codeforces', 'Not Found') };
  };
}

function cfApi(method: string, q: URLSearchParams, state: ReplicaState): ReplicaReply {
  if (method === 'problemset.problems') {
    const problems = Object.values(CF_PROBLEMS)
      .filter((p) => !p.gym)
      .map((p) => ({
        contestId: p.contestId,
        index: p.index,
        name: p.name,
        type: 'PROGRAMMING',
        tags: ['math'],
      }));
    return { json: { status: 'OK', result: { problems, problemStatistics: [] } } };
  }
  if (method === 'user.status') {
    const handle = q.get('handle') ?? '';
    if (!state.accounts.has(handle))
      return {
        status: 400,
        json: { status: 'FAILED', comment: `handle: User with handle ${handle} not found` },
      };
    const count = Number(q.get('count') || 10);
    const result = state
      .runsOf(handle)
      .slice(0, count)
      .map((r) => {
        const { final, script } = state.read(r);
        const p = CF_PROBLEMS[r.problemId];
        return {
          id: r.runId,
          contestId: p.contestId,
          creationTimeSeconds: Math.floor(r.createdAt / 1000),
          problem: { contestId: p.contestId, index: p.index, name: p.name, type: 'PROGRAMMING' },
          author: { contestId: p.contestId, members: [{ handle }], participantType: 'PRACTICE' },
          programmingLanguage: 'GNU C++17',
          ...(final
            ? { verdict: String(script.raw ?? CF_WORDS[script.verdict]) }
            : r.reads > 1
              ? { verdict: 'TESTING' }
              : {}),
          testset: 'TESTS',
          passedTestCount: 0,
          timeConsumedMillis: final ? time(script) : 0,
          memoryConsumedBytes: final ? memory(script) * 1024 : 0,
        };
      });
    return { json: { status: 'OK', result } };
  }
  if (method === 'contest.list') {
    const now = Math.floor(Date.now() / 1000);
    return {
      json: {
        status: 'OK',
        result: [
          {
            id: 2001,
            name: 'Codeforces Round (Div. 2)',
            type: 'CF',
            phase: 'BEFORE',
            frozen: false,
            durationSeconds: 7200,
            startTimeSeconds: now + 86_400,
            relativeTimeSeconds: -86_400,
          },
          {
            id: 1,
            name: 'Codeforces Beta Round 1',
            type: 'CF',
            phase: 'FINISHED',
            frozen: false,
            durationSeconds: 7200,
            startTimeSeconds: 1266588000,
            relativeTimeSeconds: now,
          },
        ],
      },
    };
  }
  return { status: 400, json: { status: 'FAILED', comment: `method: ${method} not found` } };
}

// ---------------------------------------------------------------- AtCoder

const AC_WORDS: Record<ReplicaVerdict, string> = {
  AC: 'AC',
  WA: 'WA',
  PE: 'WA',
  CE: 'CE',
  RE: 'RE',
  TLE: 'TLE',
  MLE: 'MLE',
  OLE: 'OLE',
  SE: 'IE',
};

const acLoginPage = (csrf: string, flash = '') =>
  page(
    'Sign In - AtCoder',
    `${flash ? `<div class="alert alert-danger alert-dismissible col-sm-12 fade in" role="alert"><button type="button" class="close" data-dismiss="alert" aria-label="Close"><span aria-hidden="true">&times;</span></button><span class="glyphicon glyphicon-exclamation-sign" aria-hidden="true"></span> ${flash}</div>` : ''}<form class="form-horizontal" action="" method="POST"><input type="text" class="form-control" id="username" name="username" value=""><input type="password" class="form-control" id="password" name="password"><input type="hidden" name="csrf_token" value="${csrf}" /><button type="submit" class="btn btn-primary" id="submit">Sign In</button></form>`,
  );

function acLabel(
  state: ReplicaState,
  r: Run,
): { label: string; cls: string; final: boolean; script: VerdictScript } {
  const { final, script } = state.read(r);
  if (!final) return { label: r.reads === 1 ? 'WJ' : '1/3', cls: 'label-default', final, script };
  const label = String(script.raw ?? AC_WORDS[script.verdict]);
  return { label, cls: label === 'AC' ? 'label-success' : 'label-warning', final, script };
}

export const atcoder: ReplicaHandler = async (req, state) => {
  const csrf = req.cookies.REVEL_FLASH_CSRF ?? randomBytes(12).toString('base64url');
  const csrfCookie = `REVEL_FLASH_CSRF=${csrf}; Path=/`;
  const withCsrf = (r: ReplicaReply): ReplicaReply => {
    const set = r.headers?.['set-cookie'];
    return {
      ...r,
      headers: { ...(r.headers ?? {}), 'set-cookie': [csrfCookie, ...(set ? [set].flat() : [])] },
    };
  };
  if (req.path === '/login' && req.method === 'GET')
    return withCsrf({ body: acLoginPage(csrf, req.query.get('flash') ?? '') });
  if (req.path === '/login' && req.method === 'POST') {
    if (req.form.get('csrf_token') !== csrf) return withCsrf(redirect('/login?flash=Invalid+token'));
    const cookie = state.login(req.form.get('username') ?? '', req.form.get('password') ?? '');
    if (!cookie) return withCsrf(redirect('/login?flash=Username+or+Password+is+incorrect.'));
    return withCsrf(redirect('/home', cookie));
  }
  if (req.path === '/home') {
    return withCsrf({
      body: page(
        'AtCoder',
        `<script>var userScreenName = "${esc(req.user ?? '')}";</script><input type="hidden" name="csrf_token" value="${csrf}" />`,
      ),
    });
  }
  if (req.path === '/contests/') {
    const start = new Date(Date.now() + 2 * 86_400_000);
    const jst = new Date(start.getTime() + 9 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
    return {
      body: page(
        'Contest - AtCoder',
        `<div id="contest-table-upcoming"><h3>Upcoming Contests</h3><div class="panel panel-default"><div class="table-responsive"><table class="table table-default table-striped table-hover table-condensed table-bordered small"><thead><tr><th class="text-center" width="20%">Start Time</th><th>Contest Name</th><th class="text-center" width="10%">Duration</th><th class="text-center" width="10%">Rated Range</th></tr></thead><tbody><tr><td class="text-center"><a href='http://www.timeanddate.com/worldclock/fixedtime.html?iso=x&p1=248' target='blank'><time class='fixtime fixtime-full'>${jst}+0900</time></a></td><td><span aria-hidden='true' data-toggle='tooltip' data-placement='top' title="Algorithm">Ⓐ</span> <span class="user-blue">◉</span> <a href="/contests/abc999">AtCoder Beginner Contest 999</a></td><td class="text-center">01:40</td><td class="text-center"> - 1999</td></tr></tbody></table></div></div></div>`,
      ),
    };
  }
  const m =
    /^\/contests\/([a-z0-9_-]+)\/(submit|submissions\/me|submissions\/(\d+)|tasks\/([a-z0-9_-]+))$/.exec(
      req.path,
    );
  if (m?.[1] !== 'abc001') return { status: 404, body: page('404 - AtCoder', 'Page not found') };
  const contest = m[1];
  if (m[4] !== undefined) {
    if (m[4] !== 'abc001_a') return { status: 404, body: page('404 - AtCoder', 'Task not found') };
    return {
      body: page(
        'A - 積雪深差',
        `<div id="main-div"><div id="main-container" class="container"><a class="contest-title" href="/contests/abc001">AtCoder Beginner Contest 001</a><div class="col-sm-12"><span class="h2">A - 積雪深差 <a class="btn btn-default btn-sm" href="/contests/abc001/tasks/abc001_a/editorial">Editorial</a></span><hr/><p>Time Limit: 2 sec / Memory Limit: 64 MiB</p><div id="task-statement"><span class="lang"><span class="lang-ja"><div class="part"><section><h3>問題文</h3><p>積雪深差</p></section></div></span><span class="lang-en"><div class="part"><section><h3>Problem Statement</h3><p>Given the snow depth <var>H_1</var> at noon and <var>H_2</var> at the previous noon, print the difference.</p></section></div><div class="part"><section><h3>Constraints</h3><ul><li><var>0 \\leq H_1, H_2 \\leq 2000</var></li></ul></section></div><hr /><div class="io-style"><div class="part"><section><h3>Input</h3><p>Input is given in two lines: <var>H_1</var> then <var>H_2</var>.</p></section></div><div class="part"><section><h3>Output</h3><p>Print <var>H_1 - H_2</var>.</p></section></div></div><hr /><div class="part"><section><h3>Sample Input 1</h3><pre id="pre-sample0">15
10
</pre></section></div><div class="part"><section><h3>Sample Output 1</h3><pre id="pre-sample1">5
</pre></section></div><div class="part"><section><h3>Sample Input 2</h3><pre id="pre-sample2">0
0
</pre></section></div><div class="part"><section><h3>Sample Output 2</h3><pre id="pre-sample3">0
</pre></section></div></span></span></div></div></div></div>`,
      ),
    };
  }
  if (!req.user) return withCsrf(redirect(`/login?continue=${encodeURIComponent(req.path)}`));
  if (m[2] === 'submit' && req.method === 'GET') {
    return withCsrf({
      body: page(
        'Submit - AtCoder',
        `<form class="form-horizontal form-remote" action="/contests/${contest}/submit" method="POST"><select name="data.TaskScreenName"><option value="abc001_a">A - 積雪深差</option></select><select name="data.LanguageId"><option value="5001">C++ 20 (gcc 12.2)</option></select><textarea name="sourceCode"></textarea><input type="hidden" name="csrf_token" value="${csrf}" /></form>`,
      ),
    });
  }
  if (m[2] === 'submit' && req.method === 'POST') {
    if (req.form.get('csrf_token') !== csrf) return withCsrf(redirect(`/contests/${contest}/submit`));
    await delayed(state);
    const task = req.form.get('data.TaskScreenName') ?? '';
    const made =
      task === 'abc001_a'
        ? state.submit({
            user: req.user,
            problemId: task,
            language: req.form.get('data.LanguageId') ?? '',
            code: req.form.get('sourceCode') ?? '',
          })
        : 'error';
    if (made === 'error')
      return withCsrf({
        body: page(
          'Submit - AtCoder',
          `<div class="alert alert-danger alert-dismissible col-sm-12 fade in" role="alert"><button type="button" class="close" data-dismiss="alert">&times;</button> Wait a minute before submitting again.</div><input type="hidden" name="csrf_token" value="${csrf}" />`,
        ),
      });
    return withCsrf(redirect(`/contests/${contest}/submissions/me`));
  }
  if (m[2] === 'submissions/me') {
    const rows = state
      .runsOf(req.user)
      .map((r) => {
        const l = acLabel(state, r);
        return `<tr><td class="no-break"><time class='fixtime fixtime-second'>2026-11-28 13:00:00+0900</time></td><td><a href="/contests/${contest}/tasks/${r.problemId}">A - 積雪深差</a></td><td><a href="/users/${esc(r.user)}">${esc(r.user)}</a></td><td>C++ 20 (gcc 12.2)</td><td class="text-right submission-score" data-id="${r.runId}">0</td><td class="text-right">${r.code.length} Byte</td><td class='text-center'><span class='label ${l.cls}' data-toggle='tooltip' data-placement='top' title="">${l.label}</span></td>${l.final ? `<td class='text-right'>${time(l.script)} ms</td><td class='text-right'>${memory(l.script)} KB</td>` : ''}<td class="text-center"><a href='/contests/${contest}/submissions/${r.runId}'>Detail</a></td></tr>`;
      })
      .join('');
    return withCsrf({
      body: page(
        'My Submissions - AtCoder',
        `<div class="table-responsive"><table class="table table-bordered table-striped small th-center"><thead><tr><th>Submission Time</th><th>Task</th><th>User</th><th>Language</th><th>Score</th><th>Code Size</th><th>Status</th><th>Exec Time</th><th>Memory</th><th></th></tr></thead><tbody>${rows}</tbody></table></div>`,
      ),
    });
  }
  const run = state.runs.find((r) => String(r.runId) === m[3] && r.user === req.user);
  if (!run) return { status: 404, body: page('404 - AtCoder', 'Submission not found') };
  const l = acLabel(state, run);
  const ceBlock = l.final && l.label === 'CE' ? `<h4>Compile Error</h4><pre>${esc(ce(l.script))}</pre>` : '';
  return withCsrf({
    body: page(
      `Submission #${run.runId} - AtCoder`,
      `<div class="col-sm-12"><p><span class="h2">Submission #${run.runId}</span></p><pre id="submission-code">${esc(run.code)}</pre><h4>Submission Info</h4><div class="panel panel-default"><table class="table table-bordered table-striped"><tr><th class="col-sm-4">Submission Time</th><td class="text-center"><time class='fixtime-second'>2026-11-28 13:00:00+0900</time></td></tr><tr><th>Task</th><td class="text-center"><a href="/contests/${contest}/tasks/${run.problemId}">A - 積雪深差</a></td></tr><tr><th>User</th><td class="text-center"><a href="/users/${esc(run.user)}">${esc(run.user)}</a></td></tr><tr><th>Language</th><td class="text-center">C++ 20 (gcc 12.2)</td></tr><tr><th>Score</th><td class="text-center">0</td></tr><tr><th>Code Size</th><td class="text-center">${run.code.length} Byte</td></tr><tr><th>Status</th><td id="judge-status" class="text-center"><span class='label ${l.cls}' data-toggle='tooltip' data-placement='top' title="">${l.label}</span></td></tr>${l.final ? `<tr><th>Exec Time</th><td class="text-center">${time(l.script)} ms</td></tr><tr><th>Memory</th><td class="text-center">${memory(l.script)} KB</td></tr>` : ''}</table></div>${ceBlock}</div>`,
    ),
  });
};

// ---------------------------------------------------------------- SPOJ

const SPOJ_CODES: Record<ReplicaVerdict, number> = {
  AC: 15,
  WA: 14,
  PE: 14,
  CE: 11,
  RE: 12,
  TLE: 13,
  MLE: 12,
  OLE: 14,
  SE: 20,
};
const SPOJ_WAITING = 0;
const SPOJ_RUNNING = 3;
const SPOJ_WORDS: Record<number, string> = {
  11: 'compilation error',
  12: 'runtime error (SIGSEGV)',
  13: 'time limit exceeded',
  14: 'wrong answer',
  15: 'accepted',
  20: 'internal error',
};

const spojLoginForm = `<form method="post" action="/login/"><input type="hidden" name="next_raw" value="/"><input type="text" name="login_user" id="inputUsername"><input type="password" name="password" id="inputPassword"><input type="checkbox" name="autologin" value="1"><button type="submit">Log In</button></form>`;

export const spoj: ReplicaHandler = async (req, state) => {
  if (req.path === '/login/' && req.method === 'POST') {
    const cookie = state.login(req.form.get('login_user') ?? '', req.form.get('password') ?? '');
    if (!cookie)
      return {
        body: page(
          'Sphere Online Judge (SPOJ)',
          `<div class="alert alert-danger">Authentication failed! <a href="/forgot/">Forgot your password?</a></div>${spojLoginForm}`,
        ),
      };
    return redirect(req.form.get('next_raw') || '/', cookie);
  }
  if (req.path === '/')
    return {
      body: page(
        'Sphere Online Judge (SPOJ)',
        req.user
          ? `<a href="/users/${esc(req.user)}/">${esc(req.user)}</a> <a href="/logout">sign out</a>`
          : spojLoginForm,
      ),
    };
  if (req.path === '/submit/complete/' && req.method === 'POST') {
    if (!req.user)
      return {
        body: page(
          'Sphere Online Judge (SPOJ)',
          `<div class="alert alert-warning">You need to be logged in to submit.</div>${spojLoginForm}`,
        ),
      };
    await delayed(state);
    const code = req.form.get('problemcode') ?? '';
    const made =
      code === 'TEST'
        ? state.submit({
            user: req.user,
            problemId: code,
            language: req.form.get('lang') ?? '',
            code: req.form.get('file') ?? '',
          })
        : 'error';
    if (made === 'error') return { body: page('Sphere Online Judge (SPOJ)', '<p>Wrong problem code!</p>') };
    if (made === 'silent') return { body: page('Sphere Online Judge (SPOJ)', '<p>Solution submitted!</p>') };
    return {
      body: page(
        'Sphere Online Judge (SPOJ)',
        `<p>Solution submitted!</p><input type="hidden" name="newSubmissionId" value="${made.runId}"/>`,
      ),
    };
  }
  if (req.path === '/status/ajax=1,ajaxdiff=1' && req.method === 'POST') {
    const ids = (req.form.get('ids') ?? '').split(',');
    const rows = state.runs
      .filter((r) => ids.includes(String(r.runId)))
      .map((r) => {
        const { final, script } = state.read(r);
        const waiting = !final && r.reads === 1;
        const code = final
          ? Number(script.raw ?? SPOJ_CODES[script.verdict])
          : waiting
            ? SPOJ_WAITING
            : SPOJ_RUNNING;
        const words = final ? (SPOJ_WORDS[code] ?? 'unknown') : waiting ? 'waiting..' : 'running..';
        const desc =
          code === SPOJ_CODES.CE
            ? `<strong><a href="/error/${r.runId}">${words}</a></strong>`
            : `<strong>${words}</strong>`;
        return {
          id: String(r.runId),
          status: String(code),
          final: final ? '1' : '0',
          status_description: desc,
          time: final ? (time(script) / 1000).toFixed(2) : '-',
          mem: final ? `${(memory(script) / 1024).toFixed(1)}M` : '-',
          score: '0',
        };
      });
    return { json: rows };
  }
  const err = /^\/error\/(\d+)\/?$/.exec(req.path);
  if (err) {
    const run = state.runs.find((r) => String(r.runId) === err[1]);
    return {
      body: page(
        'SPOJ',
        `<h3>Error</h3><div align="left"><pre><small>${esc(run ? ce(run.script) : '')}</small></pre></div>`,
      ),
    };
  }
  const prob = /^\/problems\/([A-Z0-9_]+)\/?$/.exec(req.path);
  if (prob) {
    if (prob[1] !== 'TEST') return { body: page('SPOJ', '<h2>Problem not found</h2>'), status: 404 };
    return {
      body: page(
        'SPOJ.com - Problem TEST',
        `<div class="col-lg-12 col-md-12"><h2 id="problem-name" class="text-center">TEST - Life, the Universe, and Everything</h2><div id="problem-body"><p>Your program is to use the brute-force approach in order to <i>find the Answer to Life, the Universe, and Everything.</i> More precisely... rewrite small numbers from input to output. Stop processing input after reading in the number 42.</p><h3>Input</h3><p>Integers of one or two digits, one per line.</p><h3>Output</h3><p>The numbers up to the first 42.</p><h3>Example</h3><pre><b>Input:</b>
1
2
88
42
99

<b>Output:</b>
1
2
88</pre></div></div><div class="col-lg-3 col-md-3"><table id="problem-meta" class="probleminfo"><tbody><tr><td>Added by:</td><td><a href="/users/mima">Michał Małafiejski</a></td></tr><tr><td>Date:</td><td>2004-05-01</td></tr><tr><td>Time limit:</td><td>10s</td></tr><tr><td>Source limit:</td><td>50000B</td></tr><tr><td>Memory limit:</td><td>1536MB</td></tr><tr><td>Cluster:</td><td>Cube (Intel G860)</td></tr><tr><td>Resource:</td><td>Douglas Adams</td></tr></tbody></table></div>`,
      ),
    };
  }
  return { status: 404, body: page('SPOJ', 'Not Found') };
};
