import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';

export type TabItem = { value: string; label: string; content: ReactNode };

/** Tabs whose arrow keys follow the right-to-left reading order (from the Direction provider). */
export function Tabs({
  items,
  defaultValue,
  label,
}: {
  items: TabItem[];
  defaultValue?: string;
  label: string;
}) {
  return (
    <TabsPrimitive.Root defaultValue={defaultValue ?? items[0]?.value}>
      <TabsPrimitive.List
        aria-label={label}
        className="flex gap-1 overflow-x-auto border-b border-slate-200"
      >
        {items.map((item) => (
          <TabsPrimitive.Trigger
            key={item.value}
            value={item.value}
            className="min-h-11 whitespace-nowrap border-b-2 border-transparent px-4 text-slate-700 data-[state=active]:border-brand-700 data-[state=active]:font-bold data-[state=active]:text-brand-800"
          >
            {item.label}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      {items.map((item) => (
        <TabsPrimitive.Content key={item.value} value={item.value} className="pt-4">
          {item.content}
        </TabsPrimitive.Content>
      ))}
    </TabsPrimitive.Root>
  );
}
