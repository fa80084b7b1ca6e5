import i18next from 'i18next';

// Alerts and toasts. antd-mobile's Dialog and Toast are loaded on first use so the first page's
// JavaScript does not carry them.
export const toastDurationMs = 1500;

export async function showAlert(message: string, onConfirm?: () => void): Promise<void> {
  const { default: Dialog } = await import('antd-mobile/es/components/dialog');
  await Dialog.alert({
    content: message,
    confirmText: i18next.t('common:actions.ok'),
    ...(onConfirm ? { onConfirm } : {}),
  });
}

export async function showToast(message: string): Promise<void> {
  const { default: Toast } = await import('antd-mobile/es/components/toast');
  Toast.show({ content: message, duration: toastDurationMs });
}

export async function closeAllDialogs(): Promise<void> {
  const { default: Dialog } = await import('antd-mobile/es/components/dialog');
  Dialog.clear();
}
