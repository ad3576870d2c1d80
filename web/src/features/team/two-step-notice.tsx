import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../lib/query-client';
import { twoStepEnabled } from '../../lib/two-step';

const TwoStepDialog = lazy(() => import('../../components/two-step/two-step-dialog'));

/**
 * Said before the owner fills the form (issue 24, item 18): inviting and changing members needs
 * two-step verification (the server answers 403 `mfa_required` otherwise), and an owner without it
 * sets it up from here rather than discovering it on sending.
 */
export function TwoStepNotice() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const twoStep = useQuery({ queryKey: queryKeys.twoStep, queryFn: twoStepEnabled });
  const [settingUp, setSettingUp] = useState(false);
  const off = twoStep.data === false;
  return (
    <div className="team-two-step" data-testid="team-two-step-required">
      <p className="muted">
        {t('team_two_step_required')} {twoStep.data === true && t('team_two_step_on')}
        {off && t('team_two_step_off')}
      </p>
      {off && (
        <button type="button" className="amplify-button amplify-button--small" onClick={() => setSettingUp(true)} data-testid="team-two-step-set-up">
          {t('two_step_set_up_label')}
        </button>
      )}
      {settingUp && (
        <Suspense fallback={null}>
          <TwoStepDialog
            mode="set-up"
            onClose={() => setSettingUp(false)}
            onChanged={() => {
              setSettingUp(false);
              void queryClient.invalidateQueries({ queryKey: queryKeys.twoStep });
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
