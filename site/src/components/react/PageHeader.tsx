import type { ReactNode } from 'react';

/** A page's heading and the line under it that says what the page is for. */
export const PageHeader = ({ title, intro }: { title: ReactNode; intro: string }) => (
  <div className="page-header">
    <div>
      <h1>{title}</h1>
      <p className="muted" style={{ margin: 0 }}>
        {intro}
      </p>
    </div>
  </div>
);
