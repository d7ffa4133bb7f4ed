// The forms of /groups: a group's name, level and terms (adding one, and changing one in a
// dialog), and a promotion rule into a group.

import { useForm } from 'react-hook-form';
import {
  arabicCount,
  type BrokerGroupInput,
  type BrokerGroupValues,
  brokerGroupBody,
  formatNumberAr,
  formatRateAr,
  formatSar,
  NOUNS,
  type PromotionRuleInput,
  promotionConditionAr,
  promotionRuleBody,
} from '#domain';
import { errorMessage, fieldErrors } from '#lib/api';
import { type z, zodResolver } from '#lib/validation';
import { Button } from '#ui/button';
import { Card, CardTitle } from '#ui/card';
import { FormField, Input } from '#ui/input';
import { NativeSelect } from '#ui/native-select';
import { toast } from '#ui/toast';
import {
  type Group,
  type GroupBody,
  type ProgramTerms,
  type PromotionRule,
  useAddPromotionRule,
} from './groups-api';

/** The group form's boxes as typed: Arabic-Indic or Latin digits, empty for the program's. */
export type GroupFields = {
  name: string;
  level: string;
  ratePercent: string;
  minimum: string;
  holdingDays: string;
  payoutMinimum: string;
};

type FieldName = keyof GroupFields;

export const EMPTY_GROUP: GroupFields = {
  name: '',
  level: '',
  ratePercent: '',
  minimum: '',
  holdingDays: '',
  payoutMinimum: '',
};

/** An optional term as its box shows it: empty when the group follows the program. */
const figureText = (value: number | null, decimals = 0) =>
  value === null ? '' : formatNumberAr(value, decimals);

/** A group's name, level and terms in the form, its rate as a percentage (0.015 is «١٫٥»). */
export const groupFields = (group: Group): GroupFields => ({
  name: group.name,
  level: formatNumberAr(group.level),
  ratePercent: figureText(group.rate === null ? null : group.rate * 100, 2),
  minimum: figureText(group.minimum, 2),
  holdingDays: figureText(group.holdingDays),
  payoutMinimum: figureText(group.payoutMinimum),
});

/** A holding period in words. */
export const holdingDaysAr = (days: number) =>
  days === 0 ? 'بلا انتظار' : arabicCount(days, NOUNS.day);

const FOLLOW_PROGRAM = 'اتركه فارغاً لاتباع إعداد البرنامج';

/** The hint under an optional term: empty follows the program, and what the program says. */
const programHint = (setting: string | undefined) =>
  setting === undefined ? FOLLOW_PROGRAM : `${FOLLOW_PROGRAM} (${setting})`;

/**
 * A group's name, level and four terms, each term left empty for the program's setting; the
 * form's own messages first, then those the server sent for a field, then its general error.
 */
export function GroupForm({
  label,
  defaults,
  program,
  submit,
  pending,
  error,
  errorFallback,
  onSubmit,
  onCancel,
}: {
  /** The form's accessible name. */
  label: string;
  defaults: GroupFields;
  /** The program's settings, for the hints; undefined until they arrive. */
  program: ProgramTerms | undefined;
  submit: string;
  pending: boolean;
  error: Error | null;
  errorFallback: string;
  onSubmit: (body: GroupBody) => void;
  onCancel?: () => void;
}) {
  const form = useForm<BrokerGroupInput, unknown, BrokerGroupValues>({
    resolver: zodResolver(brokerGroupBody),
    defaultValues: defaults,
  });
  const server = fieldErrors(error);
  const errorOf = (field: FieldName) => form.formState.errors[field]?.message ?? server[field];
  const serverFieldError = (Object.keys(EMPTY_GROUP) as FieldName[]).some((field) => server[field]);
  const figure =
    (field: FieldName, inputMode: 'decimal' | 'numeric') =>
    (control: Parameters<Parameters<typeof FormField>[0]['children']>[0]) => (
      <Input {...control} {...form.register(field)} type="text" inputMode={inputMode} />
    );
  return (
    <form
      noValidate
      aria-label={label}
      className="space-y-4"
      onSubmit={form.handleSubmit((values) => onSubmit(values))}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="اسم المجموعة" error={errorOf('name')}>
          {(control) => (
            <Input {...control} {...form.register('name')} placeholder="مثل: الذهبية" />
          )}
        </FormField>
        <FormField
          label="المستوى"
          error={errorOf('level')}
          hint="الترقية تنقل الوسيط إلى مستوى أعلى فقط"
        >
          {figure('level', 'numeric')}
        </FormField>
        <FormField
          label="نسبة العمولة (٪)"
          error={errorOf('ratePercent')}
          hint={programHint(program && formatRateAr(program.rate))}
        >
          {figure('ratePercent', 'decimal')}
        </FormField>
        <FormField
          label="الحد الأدنى للعمولة (ر.س)"
          error={errorOf('minimum')}
          hint={programHint(program && formatSar(program.minimum))}
        >
          {figure('minimum', 'decimal')}
        </FormField>
        <FormField
          label="فترة الانتظار (يوم)"
          error={errorOf('holdingDays')}
          hint={programHint(program && holdingDaysAr(program.holdingDays))}
        >
          {figure('holdingDays', 'numeric')}
        </FormField>
        <FormField
          label="الحد الأدنى للدفعة (ر.س)"
          error={errorOf('payoutMinimum')}
          hint={programHint(program && formatSar(program.payoutMinimum))}
        >
          {figure('payoutMinimum', 'numeric')}
        </FormField>
      </div>
      {error && !serverFieldError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(error, errorFallback)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? 'جاري الحفظ...' : submit}
        </Button>
        {onCancel ? (
          <Button variant="outline" onClick={onCancel}>
            إلغاء
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** «ترقية عند توقيع ٥ عقود خلال ٩٠ يومًا». */
export const ruleText = (rule: Pick<PromotionRule, 'signedContracts' | 'withinDays'>) =>
  `ترقية عند ${promotionConditionAr(rule.signedContracts, rule.withinDays)}`;

type RuleFields = { groupId: string; signedContracts: string; withinDays: string };
type RuleValues = z.output<typeof promotionRuleBody>;

/**
 * «إضافة قاعدة ترقية»: the group a broker moves up to, and how many contracts signed within how
 * many days move them.
 */
export function NewRuleCard({ groups }: { groups: Group[] }) {
  const form = useForm<PromotionRuleInput, unknown, RuleValues>({
    resolver: zodResolver(promotionRuleBody),
    defaultValues: { groupId: '', signedContracts: '', withinDays: '' },
  });
  const add = useAddPromotionRule({
    onSuccess: (added) => {
      form.reset();
      const group = groups.find((g) => g.id === added.groupId);
      toast({
        title: 'أُضيفت قاعدة الترقية',
        description: `${group ? `${group.name}: ` : ''}${ruleText(added)}`,
      });
    },
  });
  const server = fieldErrors(add.error);
  const errors = form.formState.errors;
  const errorOf = (field: keyof RuleFields) => errors[field]?.message ?? server[field];
  return (
    <Card>
      <form
        noValidate
        aria-label="إضافة قاعدة ترقية"
        className="space-y-4"
        onSubmit={form.handleSubmit((values) => add.mutate(values))}
      >
        <CardTitle>إضافة قاعدة ترقية</CardTitle>
        <p className="text-sm text-slate-700">
          يُنقل الوسيط إلى المجموعة متى وقّع هذا العدد من العقود خلال المدة، إن كانت أعلى مستوى من
          مجموعته.
        </p>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField label="المجموعة" error={errorOf('groupId')}>
            {(control) => (
              <NativeSelect
                {...control}
                {...form.register('groupId')}
                value={form.watch('groupId')}
                options={groups.map((group) => ({ value: group.id, label: group.name }))}
                placeholder="اختر المجموعة"
              />
            )}
          </FormField>
          <FormField label="عدد العقود الموقعة" error={errorOf('signedContracts')}>
            {(control) => (
              <Input
                {...control}
                {...form.register('signedContracts')}
                type="text"
                inputMode="numeric"
              />
            )}
          </FormField>
          <FormField label="خلال (يوم)" error={errorOf('withinDays')}>
            {(control) => (
              <Input
                {...control}
                {...form.register('withinDays')}
                type="text"
                inputMode="numeric"
              />
            )}
          </FormField>
        </div>
        {add.error && !server.groupId && !server.signedContracts && !server.withinDays ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(add.error, 'تعذر إضافة القاعدة')}
          </p>
        ) : null}
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'جاري الحفظ...' : 'إضافة القاعدة'}
        </Button>
      </form>
    </Card>
  );
}
