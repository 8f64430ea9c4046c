import { defineLanguage, OTHER_FACTOR } from './base.js';

/** Go keeps its build cache and module paths under the box's /tmp (fresh each compile). */
const GO_ENV = {
  GOCACHE: '/tmp/go-cache',
  GOPATH: '/tmp/go',
  GO111MODULE: 'off',
  CGO_ENABLED: '0',
  HOME: '/tmp',
};

/** `Golang`: `go build` of main.go (no cgo, no modules); runs the static binary. */
export const Golang = defineLanguage({
  name: 'Golang',
  sourceFile: 'main.go',
  factor: OTHER_FACTOR,
  compileArgv: ['/usr/bin/go', 'build', '-o', 'main', 'main.go'],
  compileEnv: GO_ENV,
  compileLimits: { processes: 256 },
  run: (limits) => ({ argv: ['/p/main'], limits: { ...limits, processes: limits.processes + 16 } }),
  versionArgv: ['go', 'version'],
  versionPattern: /go[\d.]+/,
});
