/**
 * A toolbar label that gives way to an icon on screens below 1700 px wide (so the toolbar keeps
 * one row down to 1024 px): the words stay for screen readers and tooltips.
 */
import type { ComponentChildren } from 'preact';

export function Compact({ icon, children }: { icon?: string; children: ComponentChildren }) {
  return (
    <>
      {icon && (
        <span class="tool-icon" aria-hidden="true">
          {icon}
        </span>
      )}
      <span class="tool-label">{children}</span>
    </>
  );
}
