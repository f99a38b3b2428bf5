import type { FormMetadata } from "@conform-to/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type {
  AddressChangeValues,
  AddressConfirmValues,
  PendingAddressChange,
} from "~/lib/account";
import { useFocusFirstError } from "~/lib/use-focus-first-error";
import { useIsPending } from "~/lib/use-is-pending";
import type { CurrentUser } from "~/lib/user";
import { InputField, KeyInput, PasswordInput, SelectInput } from "../form/fields";
import { FormErrors } from "../form/form-errors";
import { FormFooter, SubmitButton } from "../form/submit-row";
import { PhoneHint } from "../phone-hint";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { SettingsSection } from "../ui/settings-section";
import { AccountForm, AccountUsername } from "./account-form";

/**
 * The email and phone the account signs in with. Changing either takes the current password and
 * a key sent to the new address; until that key comes back, nothing changes.
 */
export function AddressesSection({
  user,
  pending,
  changeForm,
  changeResult,
  confirmForm,
  confirmResult,
}: {
  user: CurrentUser;
  pending: PendingAddressChange | null;
  changeForm: FormMetadata<AddressChangeValues, string[]>;
  changeResult: unknown;
  confirmForm: FormMetadata<AddressConfirmValues, string[]>;
  confirmResult: unknown;
}) {
  const { t } = useTranslation("account");
  return (
    <SettingsSection
      id="addresses"
      title={t("addresses.title")}
      description={t("addresses.description")}
    >
      <dl className="divide-y divide-border rounded-lg border border-border">
        <AddressRow label={t("addresses.email")} value={user.email} verified={user.emailVerified} />
        <AddressRow label={t("addresses.phone")} value={user.phone} verified={user.phoneVerified} />
      </dl>
      <div className="mt-6 border-t border-border pt-6">
        {pending ? (
          <ConfirmForm pending={pending} form={confirmForm} result={confirmResult} />
        ) : (
          <ChangeForm user={user} form={changeForm} result={changeResult} />
        )}
      </div>
    </SettingsSection>
  );
}

function AddressRow({
  label,
  value,
  verified,
}: {
  label: string;
  value: string | null;
  verified: boolean;
}) {
  const { t } = useTranslation("account");
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
      <dt className="w-28 text-sm text-text-muted">{label}</dt>
      <dd className="flex min-w-0 flex-1 items-center gap-2 text-sm">
        {value ? (
          <>
            <span dir="ltr" className="truncate font-medium">
              {value}
            </span>
            {verified ? (
              <Badge tone="success">{t("addresses.verified")}</Badge>
            ) : (
              <Badge tone="danger">{t("addresses.notVerified")}</Badge>
            )}
          </>
        ) : (
          <span className="text-text-muted">{t("addresses.none")}</span>
        )}
      </dd>
    </div>
  );
}

function ChangeForm({
  user,
  form,
  result,
}: {
  user: CurrentUser;
  form: FormMetadata<AddressChangeValues, string[]>;
  result: unknown;
}) {
  const { t } = useTranslation("account");
  const fields = form.getFieldset();
  const submitting = useIsPending({ intent: "changeAddress" });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, result);
  const phone = fields.loginType.value === "PHONE";

  return (
    <>
      <h3 className="text-sm font-semibold">{t("addresses.changeTitle")}</h3>
      <p className="mt-0.5 text-sm text-text-muted">{t("addresses.changeHint")}</p>
      <FormErrors className="mt-4" errors={form.errors} />
      <AccountForm form={form} formRef={formRef} intent="changeAddress" className="mt-4 space-y-4">
        <AccountUsername user={user} />
        <div className="grid grid-cols-2 gap-4">
          <SelectInput
            meta={fields.loginType}
            label={t("addresses.which")}
            options={[
              { value: "EMAIL", label: t("addresses.email") },
              { value: "PHONE", label: t("addresses.phone") },
            ]}
          />
          {/* One field for both kinds, so that the form reads right before JavaScript runs. */}
          <InputField
            meta={fields.value}
            label={t("addresses.newAddress")}
            inputMode={phone ? "tel" : "email"}
            autoComplete={phone ? "tel" : "email"}
            dir="ltr"
            hint={
              phone ? (
                <PhoneHint i18nKey="account:profile.phoneHint" />
              ) : (
                t("addresses.emptyRemoves")
              )
            }
          />
          <PasswordInput
            meta={fields.currentPassword}
            label={t("addresses.currentPassword")}
            autoComplete="current-password"
          />
        </div>
        <FormFooter>
          <SubmitButton pending={submitting} pendingLabel={t("addresses.sending")}>
            {t("addresses.send")}
          </SubmitButton>
        </FormFooter>
      </AccountForm>
    </>
  );
}

const cancelFormId = "address-cancel-form";

function ConfirmForm({
  pending,
  form,
  result,
}: {
  pending: PendingAddressChange;
  form: FormMetadata<AddressConfirmValues, string[]>;
  result: unknown;
}) {
  const { t } = useTranslation("account");
  const fields = form.getFieldset();
  const confirming = useIsPending({ intent: "confirmAddress" });
  const cancelling = useIsPending({ intent: "cancelAddress" });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, result);

  return (
    <>
      <h3 className="text-sm font-semibold">{t("addresses.confirmTitle")}</h3>
      <p className="mt-0.5 text-sm text-text-muted">
        {t(pending.loginType === "PHONE" ? "addresses.sentToPhone" : "addresses.sentToEmail")}{" "}
        <bdi dir="ltr" className="font-medium text-text">
          {pending.value}
        </bdi>
      </p>
      <FormErrors className="mt-4" errors={form.errors} />
      <AccountForm form={form} formRef={formRef} intent="confirmAddress" className="mt-4 space-y-4">
        <div className="max-w-xs">
          <KeyInput meta={fields.key} label={t("addresses.key")} hint={t("addresses.keyHint")} />
        </div>
        <FormFooter className="flex-wrap">
          {/* Submits the form below, which has nothing to check. */}
          <Button type="submit" form={cancelFormId} variant="secondary" disabled={cancelling}>
            {t("addresses.cancel")}
          </Button>
          <SubmitButton pending={confirming} pendingLabel={t("addresses.confirming")}>
            {t("addresses.confirm")}
          </SubmitButton>
        </FormFooter>
      </AccountForm>
      <Form id={cancelFormId} method="post" action="." preventScrollReset hidden>
        <input type="hidden" name="intent" value="cancelAddress" />
      </Form>
    </>
  );
}
