import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { PageFallback } from '../../components/PageFallback';
import type { PageProps } from '../../components/page-props';
import { openOverlay } from '../../lib/overlays';
import { storageKeys, writeStorage } from '../../lib/storage';

/** /y{yqm}: remember the inviter's code for registration, open the register tab, go home. */
export default function InvitePage({ params }: PageProps) {
  const code = params.yqm ?? '';
  useEffect(() => {
    if (code) writeStorage(storageKeys.inviteCode, code);
    openOverlay('register');
  }, [code]);
  return code ? <Navigate to="/home" replace /> : <PageFallback />;
}
