// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useEscape } from './Sheet';

afterEach(cleanup);

function Overlay({ name, open, closed }: { name: string; open: boolean; closed: string[] }) {
  useEscape(open, () => closed.push(name));
  return null;
}

describe('Escape on stacked overlays', () => {
  it('closes only the overlay opened last, then the one under it', async () => {
    const user = userEvent.setup();
    const closed: string[] = [];
    const { rerender } = render(
      <>
        <Overlay name="login" open closed={closed} />
        <Overlay name="forgot" open closed={closed} />
      </>,
    );
    await user.keyboard('{Escape}');
    expect(closed).toEqual(['forgot']);
    rerender(
      <>
        <Overlay name="login" open closed={closed} />
        <Overlay name="forgot" open={false} closed={closed} />
      </>,
    );
    await user.keyboard('{Escape}');
    expect(closed).toEqual(['forgot', 'login']);
  });

  it('does nothing for an overlay that is not shown', async () => {
    const user = userEvent.setup();
    const closed: string[] = [];
    render(<Overlay name="deposit" open={false} closed={closed} />);
    await user.keyboard('{Escape}');
    expect(closed).toEqual([]);
  });
});
