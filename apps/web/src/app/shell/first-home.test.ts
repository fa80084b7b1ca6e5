// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { applyAppStyles, homeListsId, servedHomeLists } from './first-home';

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

// home.html as the server fills it (apps/api/src/http/web-static.ts, decision 0011): the lists beside the tiles,
// the app's stylesheets as preloads that do not block the first paint.
describe('the first home load', () => {
  it('reads the game lists the server wrote into the page, and nothing from a page without them', () => {
    const lists = {
      SELF: {
        records: [{ value: 'mines', productCode: 'SELF', gameType: 'mines', name: 'Mines', stop: false }],
      },
      PG: { records: [] },
    };
    document.body.innerHTML = `<script type="application/json" id="${homeListsId}">${JSON.stringify(lists)}</script>`;
    expect(servedHomeLists(document)).toEqual(lists);
    document.body.innerHTML = `<script type="application/json" id="${homeListsId}">{"SELF":</script>`;
    expect(servedHomeLists(document)).toBeUndefined();
    document.body.innerHTML = `<script type="application/json" id="${homeListsId}">{"SELF":{}}</script>`;
    expect(servedHomeLists(document)).toBeUndefined();
    document.body.innerHTML = '';
    expect(servedHomeLists(document)).toBeUndefined();
  });

  it("applies the app's deferred stylesheets and resolves once each has loaded or failed", async () => {
    // Links that only record what is done to them (the test DOM does not load stylesheets).
    class FakeLink extends EventTarget {
      rel = 'preload';
      marked = true;
      removeAttribute(name: string) {
        if (name === 'data-app-style') this.marked = false;
      }
    }
    const links = [new FakeLink(), new FakeLink()];
    const page = { querySelectorAll: () => links } as unknown as Document;
    let done = false;
    const applied = applyAppStyles(page).then(() => {
      done = true;
    });
    expect(links.map((link) => [link.rel, link.marked])).toEqual([
      ['stylesheet', false],
      ['stylesheet', false],
    ]);
    links[0]?.dispatchEvent(new Event('load'));
    await Promise.resolve();
    expect(done).toBe(false);
    links[1]?.dispatchEvent(new Event('error'));
    await applied;
    expect(done).toBe(true);
  });

  it('resolves at once on a page whose stylesheets block as usual (index.html)', async () => {
    document.head.innerHTML = '<meta name="x">';
    await expect(applyAppStyles(document)).resolves.toBeUndefined();
  });
});
