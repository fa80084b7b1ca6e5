// Component tests (happy-dom): the app loads antd-mobile's Toast and Dialog on first use (lib/ui.ts). A toast
// shown as a test ends would import them after the environment is torn down, which fails the whole run; loading
// them before each file keeps that import inside the test's lifetime. Node-environment tests skip it.
if (typeof document !== 'undefined') {
  await import('antd-mobile/es/components/toast');
  await import('antd-mobile/es/components/dialog');
}

export {};
