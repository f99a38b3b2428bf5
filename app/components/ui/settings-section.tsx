import type { ReactNode } from "react";
import { Card } from "../ui/card";

/** One block of a settings page: a titled card whose body holds a form or a list. */
export function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card as="section" aria-labelledby={`${id}-title`} className="scroll-mt-8" id={id}>
      <header className="border-b border-border px-6 py-4">
        <h2 id={`${id}-title`} className="text-base font-semibold">
          {title}
        </h2>
        {description ? <p className="mt-0.5 text-sm text-text-muted">{description}</p> : null}
      </header>
      <div className="p-6">{children}</div>
    </Card>
  );
}
