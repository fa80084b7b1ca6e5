// Entry point: the studio server opens this page at {studioBase}/{provider}/play?session=&game=&lang=.
import './styles.css';
import { launchFromLocation } from './api.ts';
import { mountSlotPage } from './page.ts';

const root = document.getElementById('app')!;
void mountSlotPage(root, launchFromLocation(window.location), {
  notifyBalance: (balance) => window.parent.postMessage({ type: 'slots:balance', balance }, '*'),
});
