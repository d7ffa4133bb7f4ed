import { UserRound } from 'lucide-react';
import { cn } from '#lib/cn';

interface Named {
  fullName: string | null;
  phone: string;
}

/** The account's name, or its phone (an identifier, kept left-to-right) until it has one. */
export function ProfileName({ profile }: { profile: Named }) {
  return profile.fullName ? profile.fullName : <bdi dir="ltr">{profile.phone}</bdi>;
}

/** A round badge with the name's first letter, or a person icon before there is a name. */
export function ProfileAvatar({ profile, className }: { profile: Named; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white',
        className,
      )}
    >
      {profile.fullName ? profile.fullName.charAt(0) : <UserRound className="size-1/2" />}
    </span>
  );
}
