import { waitFor } from '@testing-library/dom';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useHost } from '../../src/runtime/define';
import messages from '../../src/runtime/messages';
import { useWords } from '../../src/runtime/words';
import { defineElement } from '../../src/ui/define-element';

/** As fm-nav does with the host's list: the element's light DOM read once, on the first render. */
function ReadsItsMarkupOnce() {
  const { element } = useHost();
  const [given] = useState(() => element.textContent?.trim() ?? '');
  const words = useWords(messages).alert;
  return (
    <p>
      {given} / {words.retry()}
    </p>
  );
}

defineElement('test-reads-markup', ReadsItsMarkupOnce, { attributes: {} });

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('an element on a page that changes the words', () => {
  it('renders once they are in, keeping what it read of its markup on its first render', async () => {
    document.head.innerHTML = `<script type="application/json" id="fm-config">${JSON.stringify({
      messages: { 'alert.retry': 'Try again' },
    })}</script>`;
    document.body.innerHTML = '<test-reads-markup>Given by the host</test-reads-markup>';
    const element = document.querySelector('test-reads-markup');
    await waitFor(() => expect(element?.textContent).toBe('Given by the host / Try again'));
  });

  it('renders at once with the default words', async () => {
    document.body.innerHTML = '<test-reads-markup>Given by the host</test-reads-markup>';
    const element = document.querySelector('test-reads-markup');
    await waitFor(() => expect(element?.textContent).toBe('Given by the host / Retry'));
  });
});
