import { render, screen } from '@testing-library/react';
import { options, type VNode } from 'preact';
import { createElement, useState } from 'react';
import { describe, expect, it } from 'vitest';

// The unit tests render through Preact as the builds do (libs/ui/rspack/preact): 'react',
// 'react-dom' and Testing Library all meet the one copy of it.
describe('React in the unit tests', () => {
  it('is preact/compat, the same Preact instance the app code imports', () => {
    const rendered: string[] = [];
    const previous = options.diffed;
    options.diffed = (vnode: VNode) => {
      if (typeof vnode.type === 'function') rendered.push(vnode.type.name);
      previous?.(vnode);
    };
    try {
      function Greeting() {
        const [name] = useState('fern');
        return createElement('p', null, `hello ${name}`);
      }
      render(createElement(Greeting));
      expect(screen.getByText('hello fern')).toBeInTheDocument();
      expect(rendered).toContain('Greeting');
    } finally {
      options.diffed = previous;
    }
  });
});
