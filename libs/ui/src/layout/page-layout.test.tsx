import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithUi } from '../testing';
import { PageLayout } from './page-layout';

function renderLayout(layout: '3-col' | 'default' | 'no-margin') {
  return renderWithUi(
    <PageLayout
      layout={layout}
      header={<header>Top</header>}
      navigation={<a href="/">Home</a>}
      aside={<p>About card</p>}
    >
      <h1>Page body</h1>
    </PageLayout>,
  );
}

describe('PageLayout', () => {
  it('3-col shows navigation, main column and aside', () => {
    renderLayout('3-col');
    expect(screen.getByTestId('page-layout')).toHaveAttribute('data-layout', '3-col');
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByText('Home'),
    ).toBeVisible();
    expect(within(screen.getByRole('main')).getByText('Page body')).toBeInTheDocument();
    expect(within(screen.getByRole('complementary')).getByText('About card')).toBeInTheDocument();
  });

  it('default shows navigation and main, without the aside', () => {
    renderLayout('default');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });

  it('no-margin shows the main column alone', () => {
    renderLayout('no-margin');
    expect(screen.getByTestId('page-layout')).toHaveAttribute('data-layout', 'no-margin');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('Page body');
  });

  it('offers a skip link to the main content', () => {
    renderLayout('3-col');
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });
});
