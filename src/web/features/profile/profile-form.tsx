import type { z } from 'zod';
import { formatPercentAr, profileCompletion, type profileFormSchema } from '#domain';
import { cn } from '#lib/cn';
import type { Profile } from '#lib/session';

export type ProfileForm = z.input<typeof profileFormSchema>;
export type ProfileValues = z.output<typeof profileFormSchema>;

/**
 * The fields both profile forms edit, as last saved; a field never filled starts empty. The FAL
 * licence's number is not one of them: it is entered with its type and expiry in the licence's
 * own card (FalLicenseCard), and a form that does not send it leaves it as it is.
 */
export function savedProfileFields(profile: Profile | null) {
  return {
    fullName: profile?.fullName ?? '',
    officeName: profile?.officeName ?? '',
    secondPhone: profile?.secondPhone ?? '',
    bio: profile?.bio ?? '',
    email: profile?.email ?? '',
    city: profile?.city ?? '',
  } satisfies ProfileForm;
}

/** «اكتمال الملف الشخصي» as the form stands, with the licence's number as saved. */
export function formCompletion(form: ProfileForm, profile: Profile): number {
  return profileCompletion({ ...form, falLicense: profile.falLicense });
}

/** «اكتمال الملف الشخصي» as a bar; `completion` is a percentage (0 to 100). */
export function CompletionBar({
  completion,
  className,
}: {
  completion: number;
  className: string;
}) {
  return (
    <div
      className={cn(className, 'h-2 overflow-hidden rounded-full bg-slate-200')}
      role="progressbar"
      aria-label="اكتمال الملف الشخصي"
      aria-valuenow={completion}
      aria-valuemin={0}
      aria-valuemax={100}
      // Read in Arabic digits, as the figure beside it is shown.
      aria-valuetext={formatPercentAr(completion)}
    >
      <div className="h-full bg-brand-700" style={{ inlineSize: `${completion}%` }} />
    </div>
  );
}
