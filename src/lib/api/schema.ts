/**
 * Generated from docs/api/openapi.yaml by scripts/gen-api-types.mjs (npm run api:types). Do not edit:
 * change the contract and regenerate. tests/contract/api-types-fresh.test.ts fails when this file is stale.
 */
export type paths = {
    "/api/UserLogin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with user name (or email) and password
         * @description Refused with 401 for a wrong password, an unknown name (the same answer) or a wrong application key, with 403 and a `code` (`accountDisabled`, `accountInvited`, `organizationSuspended`, `organizationArchived`) for an account that may not sign in, and with 429 (`code: tooManyAttempts`) and `Retry-After` after 5 failures for the name, or 20 from the caller's address, within 15 minutes: the password is not checked then. A successful sign-in clears the account's failures. A password stored in an older form is re-hashed (scrypt) at its next sign-in.
         */
        post: operations["signIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/UserProfile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Register an account */
        post: operations["register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/refresh-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange an expired access token for a new one (once)
         * @description Rotation: the token sent is retired and a new one is issued, up to a day past its expiry. A retired token sent again ends the whole sign-in (every token refreshed from the same sign-in is revoked) and gets 401: someone kept a copy of it.
         */
        post: operations["refreshToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out: revokes every token of this sign-in
         * @description Always 204: an unknown or already revoked token has nothing left to revoke.
         */
        post: operations["signOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/lock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Lock the sign-in (lock screen)
         * @description From now on every call with this sign-in’s tokens gets 423 until unlock or sign-out. An expired (not revoked) token is accepted.
         */
        post: operations["lockSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/unlock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Unlock the sign-in with the password */
        post: operations["unlockSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user, their organization and roles */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/forgot-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask for a password reset link
         * @description The same answer whether or not the account exists.
         */
        post: operations["requestPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user’s profile */
        get: operations["getProfile"];
        /**
         * Update the profile
         * @description With `If-Match`, a profile changed meanwhile (an administrator edited the account, or another tab saved) is refused with 412 `changedElsewhere` and the profile as it is now.
         */
        put: operations["updateProfile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change the password */
        post: operations["changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/apps/todo/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller’s tasks of one view, newest first */
        get: operations["getTasks"];
        put?: never;
        /**
         * Create a task (id = the caller’s last id + 1)
         * @description The spec’s path is `/api/apps/todo/tasks/`; both spellings (with and without the trailing slash) are served, here and on every to-do and mail path.
         */
        post: operations["createTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/apps/todo/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The task tags */
        get: operations["getTaskTags"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/apps/todo/task/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Merge fields into a task */
        post: operations["updateTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/apps/email/mails": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller’s mails of a folder, label or starred, newest first */
        get: operations["getMails"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/apps/email/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The email labels */
        get: operations["getEmailTags"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/apps/email/meta": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Unread ids per folder (inbox and spam only) and label, and draft ids */
        get: operations["getEmailMeta"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/apps/email/move-mails": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move mails to a folder
         * @description A mutation: 200 with an empty body, as the spec says.
         */
        post: operations["moveMails"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/apps/email/update-labels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Toggle a label on mails
         * @description A mutation: 200 with an empty body, as the spec says.
         */
        post: operations["updateLabels"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/apps/email/set-labels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set the labels of one mail
         * @description A mutation: 200 with an empty body, as the spec says.
         */
        post: operations["setLabels"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/apps/email/mark-unread": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set the unread flag of mails
         * @description A mutation: 200 with an empty body, as the spec says.
         */
        post: operations["markUnread"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/apps/email/set-starred": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Star or unstar one mail
         * @description A mutation: 200 with an empty body, as the spec says.
         */
        post: operations["setStarred"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/apps/email/compose": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a mail or save a draft */
        post: operations["composeEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service-units": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One page of service units (a user sees their organization’s) */
        get: operations["getServiceUnits"];
        put?: never;
        /** Create a service unit in the caller’s organization */
        post: operations["createServiceUnit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service-units/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every tag in use on visible units */
        get: operations["getServiceUnitTags"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service-units/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every unit matching the list’s filters, search and sort (no paging, at most 20,000) for a CSV export */
        get: operations["exportServiceUnits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service-units/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One service unit */
        get: operations["getServiceUnit"];
        /** Replace a service unit’s editable fields */
        put: operations["updateServiceUnit"];
        post?: never;
        /** Delete a unit with its processes, rules and screenshots */
        delete: operations["deleteServiceUnit"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service-units/bulk-delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete the units of several ids the caller may delete
         * @description An unknown (or unreadable) id fails the whole request with 404. Ids of units the caller may read but not delete (another organization's; any for the system operator) are left untouched and counted in `refused`; when no id is left, the answer is 403 with the reason. With `versions` (what the list showed), a unit changed since is left untouched and answered in `changedElsewhere` as it is now.
         */
        post: operations["bulkDeleteServiceUnits"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service-units/bulk-maintenance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Switch maintenance on or off for the units of several ids the caller may change
         * @description As the bulk delete, an unknown id is a 404; units the caller may not change are left untouched and counted in `refused` (403 when none is left). With `versions`, a unit changed since is left untouched and answered in `changedElsewhere`.
         */
        post: operations["bulkSetMaintenance"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service-units/{id}/processes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The unit’s running processes (each read is the agent’s next report) */
        get: operations["getProcesses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/processes/{id}/end": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask the unit's agent to end a running process
         * @description Sends an `endProcess` command to the unit's agent and answers at once. The process ends when the agent reports the command's result (`command.finished` on the event stream, or `GET /api/commands/{id}`); an agent started without `--allow-end-process` answers `refused`. The command and its result are in the audit log.
         */
        post: operations["endProcess"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service-units/{id}/process-rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The unit’s process rules */
        get: operations["getProcessRules"];
        put?: never;
        /** Add a process rule; a block rule ends matching processes at once */
        post: operations["createProcessRule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service-units/{id}/process-rules/{ruleId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a process rule (a partial body keeps the other fields)
         * @description With `If-Match`, a rule changed meanwhile (another person's toggle, say) is refused with 412 `changedElsewhere` and the rule as it is now.
         */
        put: operations["updateProcessRule"];
        post?: never;
        /** Delete a process rule */
        delete: operations["deleteProcessRule"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/screenshots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One page of screenshots, newest first */
        get: operations["getScreenshots"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/screenshots/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One screenshot */
        get: operations["getScreenshot"];
        /** Flag a screenshot or change its note (same as PATCH) */
        put: operations["putScreenshot"];
        post?: never;
        /** Delete a screenshot */
        delete: operations["deleteScreenshot"];
        options?: never;
        head?: never;
        /** Flag a screenshot or change its note */
        patch: operations["patchScreenshot"];
        trace?: never;
    };
    "/api/screenshots/bulk-delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete several screenshots; unknown ids are counted, not refused
         * @description Only the screenshots the caller may delete go. Screenshots the caller may read but not delete (another organization's; any for the system operator) stay and are counted in `refused`; when nothing could be deleted because of that, the answer is 403 with the reason.
         */
        post: operations["bulkDeleteScreenshots"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service-units/{id}/capture": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask the unit’s agent for a screenshot now */
        post: operations["requestCapture"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/capture-requests/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The state of a capture request (poll until delivered or failed) */
        get: operations["getCaptureRequest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/url-restrictions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One page of URL rules */
        get: operations["getUrlRestrictions"];
        put?: never;
        /** Create a URL rule in the caller’s organization */
        post: operations["createUrlRestriction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/url-restrictions/all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every visible URL rule (for the URL tester) */
        get: operations["getAllUrlRestrictions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/url-restrictions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One URL rule */
        get: operations["getUrlRestriction"];
        /** Replace a URL rule */
        put: operations["updateUrlRestriction"];
        post?: never;
        /** Delete a URL rule */
        delete: operations["deleteUrlRestriction"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dashboard/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The user dashboard’s figures */
        get: operations["getDashboardSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dashboard/latest-screenshots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The newest screenshots */
        get: operations["getLatestScreenshots"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dashboard/recent-offline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Units that went offline most recently */
        get: operations["getRecentOffline"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/dashboard/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The admin dashboard’s figures */
        get: operations["getAdminSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/dashboard/units-trend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Units online per day, last 30 days */
        get: operations["getUnitsTrend"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/dashboard/top-risk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The five units most at risk */
        get: operations["getTopRisk"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/dashboard/recent-sign-ins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The latest sign-ins */
        get: operations["getRecentSignIns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One page of organizations */
        get: operations["getOrganizations"];
        put?: never;
        /** Create an organization (super admin) */
        post: operations["createOrganization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A short id/name/code list for pickers */
        get: operations["getOrganizationOptions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every organization matching the filters (no paging) for a CSV export */
        get: operations["exportOrganizations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/bulk-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Suspend or activate several organizations
         * @description With `versions` (what the list showed), an organization changed since is left untouched and answered in `changedElsewhere` as it is now.
         */
        post: operations["bulkOrganizationStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One organization with its counts */
        get: operations["getOrganization"];
        /** Replace an organization’s fields (code and seat limit: super admin only) */
        put: operations["updateOrganization"];
        post?: never;
        /** Delete an empty organization */
        delete: operations["deleteOrganization"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{id}/suspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Suspend an organization: its users’ sessions end */
        post: operations["suspendOrganization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{id}/activate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Activate a suspended or archived organization */
        post: operations["activateOrganization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Archive an organization */
        post: operations["archiveOrganization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{id}/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organization’s change history, newest first */
        get: operations["getOrganizationAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One page of user accounts (an admin sees their organization) */
        get: operations["getUsers"];
        put?: never;
        /**
         * Invite a user: the account waits for its set-password link
         * @description The organization must be one the caller manages users of (an admin: their own; naming another is 403 `otherOrganization`, leaving it out means their own) and active (else 422 `organizationId: organizationNotActive`).
         */
        post: operations["inviteUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every account matching the filters (no paging) for a CSV export */
        get: operations["exportUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One account */
        get: operations["getUser"];
        /**
         * Change an account (a role or organization change ends its sessions)
         * @description Moving the account into another organization needs the right to manage users there (an admin: only their own, else 403 `otherOrganization`) and an active organization (else 422 `organizationId: organizationNotActive`). Demoting the last active super admin, or moving them into an organization that is not active, is 409 `lastSuperAdmin`.
         */
        put: operations["updateUser"];
        post?: never;
        /** Delete an account */
        delete: operations["deleteUser"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account’s change history, newest first */
        get: operations["getUserAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Disable an account: its sessions end */
        post: operations["disableUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Enable a disabled account */
        post: operations["enableUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Open a new set-password link for the account */
        post: operations["resetUserPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}/revoke-sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End every session of the account */
        post: operations["revokeUserSessions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/set-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who a set-password link is for (public) */
        get: operations["checkSetPasswordLink"];
        put?: never;
        /** Set the password with a link’s token (public); the account becomes active */
        post: operations["setPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every recorded change, newest first (an admin sees their organization’s) */
        get: operations["getAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reports/prediction": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The downtime prediction report: summary, per organization, top risks and one page of units */
        get: operations["getPredictionReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reports/prediction/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every unit of the filters, highest risk first, for a CSV export */
        get: operations["exportPredictionReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reports/prediction/organizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Organizations to filter by */
        get: operations["getReportOrganizations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reports/prediction/units": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Units to filter by (at most 20) */
        get: operations["searchReportUnits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reports/prediction/units/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One unit’s prediction with its daily series */
        get: operations["getUnitPrediction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent-enrolments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A one-time enrolment token for a new agent in the caller's organization
         * @description The token enrols one agent (`POST /api/agent/enrol`), once, within 24 hours, into the caller's organization. Only its hash is stored. Needs the right to create service units.
         */
        post: operations["createAgentEnrolment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service-units/{id}/agent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke the unit's agent credential
         * @description The agent's next call gets 401. The unit stays, with its history; a new agent can be enrolled for the machine.
         */
        delete: operations["revokeAgent"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/commands/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A command sent to a unit's agent, and its result (the polling fallback of `command.finished`) */
        get: operations["getCommand"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent/enrol": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Trade an enrolment token for a unit credential (creates the unit) */
        post: operations["agentEnrol"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent/heartbeat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The agent is alive; its system information */
        post: operations["agentHeartbeat"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent/processes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** The processes running on the unit now (replaces the previous report) */
        put: operations["agentReportProcesses"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent/screenshots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A captured screenshot (PNG or JPEG, base64, at most 1 MiB decoded) */
        post: operations["agentUploadScreenshot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The unit's rules and reporting interval */
        get: operations["agentConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent/commands": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The unit's pending commands (long poll)
         * @description Answers at once when a command is pending, or when the unit's config is not the `configVersion` the agent names (a rule of the unit was created, changed or deleted). Otherwise the server holds the request up to `wait` seconds (at most 30) and answers as soon as one of the two happens, or with an empty list. The answer's `configVersion` tells the agent whether to fetch its config again (`GET /api/agent/config`), so a rule changed in the console reaches the agent within seconds. The embedded backend answers at once. A long poll, not a stream: it passes every proxy, needs no open connection between polls, and costs nothing while idle.
         */
        get: operations["agentCommands"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent/commands/{id}/result": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The result of a command */
        post: operations["agentCommandResult"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live events the caller may see, as a server-sent event stream
         * @description `text/event-stream`. Authenticated with `Authorization: Bearer` (the app reads it with `fetch`, since `EventSource` cannot send headers). Every event passes the same read rule as the lists (`can()`): no event of another organization reaches a user. Each frame is `id: <event id>`, `event: <type>`, `data: <LiveEvent as JSON>`; a comment line every 15 s keeps proxies from closing it. Resume with `Last-Event-ID` (or `after`). When the access token expires the stream ends, and the client reconnects with a fresh one.
         *
         *     Served by the server only; the embedded backend delivers the same events in the browser, and both serve `/api/events/recent` for polling.
         */
        get: operations["eventStream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/recent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The events after an id (the polling fallback of the stream) */
        get: operations["recentEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/screenshots/{id}/image": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The image an agent uploaded for this screenshot (404 when it has none, as simulated ones) */
        get: operations["getScreenshotImage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type webhooks = Record<string, never>;
export type components = {
    schemas: {
        /** @description The one error body of every endpoint: `message`, plus `errors` for field validation (422) and `code`/`reason` where a client must tell refusals apart. */
        Error: {
            /** @description What went wrong, in English; the app shows a translated text where it knows `code` or `errors`. */
            message: string;
            /** @description A machine-readable reason (`session_locked`, `accountDisabled`, `lastSuperAdmin`, a permission reason, `unknownPath`, `methodNotAllowed`…). */
            code?: string;
            /** @description The permission rule that refused the call (403 from the shared role check). */
            reason?: string;
            /** @description Per-field problems: field name (dotted for nested fields) to a message code or message the form shows next to the field. */
            errors?: {
                [key: string]: string;
            };
            /** @description Organization delete/update refusals: how many users it still has. */
            userCount?: number;
            /** @description Organization delete/update refusals: how many service units it still has. */
            unitCount?: number;
            /** @description 412 `changedElsewhere`: the record as it is now. */
            current?: unknown;
        };
        UserRecord: {
            /**
             * @description Record id, opaque (a seeded record's number such as "42", any later one a UUIDv7)
             * @example 42
             */
            uid: string;
            displayName: string;
            about: string;
            photoURL: string;
            /** @enum {string} */
            status: "online" | "offline" | "away" | "busy";
            /** @enum {string} */
            userRole: "admin" | "user";
            email: string;
            providerId: string;
        };
        /**
         * @description 1 super admin, 2 admin, 3 system operator, 4 user
         * @enum {integer}
         */
        RoleId: 1 | 2 | 3 | 4;
        LoginRequest: {
            params: {
                /** @description User name or email */
                username: string;
                password: string;
            };
        };
        LoginResult: {
            accessToken: string;
            sessionKey: string;
            /** Format: date-time */
            expiresAt: string;
            /** @description Seconds */
            expiresIn: number;
            user: components["schemas"]["UserRecord"];
            defaultRoleId: components["schemas"]["RoleId"];
            roles: components["schemas"]["RoleId"][];
        };
        RegistrationRequest: {
            fullName: string;
            phoneNumber?: string;
            /** Format: email */
            email: string;
            password: string;
            rePassword: string;
        };
        RegistrationResult: {
            message: string;
            user: components["schemas"]["UserRecord"];
        };
        RefreshRequest: {
            /** @description The (expired) access token to exchange */
            accessToken: string;
        };
        RefreshResult: {
            accessToken: string;
            /** Format: date-time */
            expiresAt: string;
            expiresIn: number;
        };
        UnlockRequest: {
            password: string;
        };
        ForgotPasswordRequest: {
            /** Format: email */
            email: string;
        };
        Message: {
            message: string;
        };
        Me: components["schemas"]["UserRecord"] & {
            organization: {
                /**
                 * @description Record id, opaque (a seeded record's number such as "42", any later one a UUIDv7)
                 * @example 42
                 */
                id: string;
                name: string;
            } | null;
            defaultRoleId: components["schemas"]["RoleId"];
            roles: components["schemas"]["RoleId"][];
        };
        Profile: {
            /**
             * @description Record id, opaque (a seeded record's number such as "42", any later one a UUIDv7)
             * @example 42
             */
            uid: string;
            username: string;
            email: string;
            displayName: string;
            about: string;
            phoneNumber: string;
            /** @description Empty, or a data: URL of a PNG, JPEG or WebP picture */
            photoURL: string;
            roleId: components["schemas"]["RoleId"];
            organizationName: string;
            /** @description The account's version (its ETag); sent back as If-Match. */
            version: number;
            /**
             * Format: date-time
             * @description When the account last changed through the API; absent until it did.
             */
            updatedAt?: string;
            /** @description Who made that change (a display name); absent until one did. */
            updatedBy?: string;
        };
        ProfileUpdate: {
            displayName: string;
            about?: string;
            phoneNumber?: string;
            photoURL?: string;
        };
        PasswordChange: {
            currentPassword: string;
            newPassword: string;
            confirmPassword: string;
        };
        /** @enum {string} */
        TaskTagValue: "frontend" | "backend" | "doc" | "bug";
        Task: {
            id: number;
            title: string;
            /** @description HTML (sanitized before display) */
            desc: string;
            tags: components["schemas"]["TaskTagValue"][];
            isImportant: boolean;
            isStarred: boolean;
            isCompleted: boolean;
            isTrashed: boolean;
        };
        /** @description Fields to set; unknown fields (`id` included) are ignored. */
        TaskInput: {
            title?: string;
            desc?: string;
            tags?: components["schemas"]["TaskTagValue"][];
            isImportant?: boolean;
            isStarred?: boolean;
            isCompleted?: boolean;
            isTrashed?: boolean;
        };
        TaskBody: {
            task: components["schemas"]["TaskInput"];
        };
        TaskTag: {
            id: number;
            text: string;
            value: components["schemas"]["TaskTagValue"];
            /** @enum {string} */
            color: "primary" | "warning" | "success" | "danger";
        };
        CreatedNumericId: {
            id: number;
        };
        /** @enum {string} */
        MailFolder: "inbox" | "sent" | "draft" | "spam" | "trash";
        /** @enum {string} */
        EmailLabel: "personal" | "company" | "important" | "private";
        Email: {
            id: number;
            sender: string;
            sender_name: string;
            to: string[];
            cc: string[];
            bcc: string[];
            img: string;
            subject: string;
            /** @description HTML, sanitized by the client before rendering */
            message: string;
            attachments: string[];
            isStarred: boolean;
            labels: components["schemas"]["EmailLabel"][];
            /** Format: date-time */
            time: string;
            replies: components["schemas"]["Email"][];
            /**
             * @description Empty for replies
             * @enum {string}
             */
            mailFolder: "inbox" | "sent" | "draft" | "spam" | "trash" | "";
            unread: boolean;
        };
        EmailTag: {
            text: string;
            value: components["schemas"]["EmailLabel"];
            /** @enum {string} */
            color: "success" | "primary" | "warning" | "danger";
        };
        EmailMeta: {
            unreadMails: {
                folder: {
                    inbox: number[];
                    spam: number[];
                };
                label: {
                    personal: number[];
                    company: number[];
                    important: number[];
                    private: number[];
                };
            };
            draftMails: number[];
        };
        MoveMails: {
            emailIds: number[];
            mailFolder: components["schemas"]["MailFolder"];
        };
        UpdateLabels: {
            emailIds: number[];
            label: components["schemas"]["EmailLabel"];
        };
        SetLabels: {
            mailId: number;
            labels: components["schemas"]["EmailLabel"][];
        };
        MarkUnread: {
            emailIds: number[];
            unreadFlag: boolean;
        };
        SetStarred: {
            mailId: number;
            value: boolean;
        };
        ComposeEmail: {
            /** @description true: save as a draft; false: send */
            draft: boolean;
            to?: string[];
            cc?: string[];
            bcc?: string[];
            subject?: string;
            message?: string;
            /** @description Id of the email this answers */
            replyTo?: number;
            /** @description Id of the draft this replaces */
            draftId?: number;
        };
        /** @enum {string} */
        OperatingSystem: "windows" | "macos" | "linux";
        /** @enum {string} */
        UnitStatus: "online" | "offline" | "maintenance";
        ServiceUnit: {
            /**
             * @description Record id, opaque (a seeded record's number such as "42", any later one a UUIDv7)
             * @example 42
             */
            id: string;
            /**
             * @description Record id, opaque (a seeded record's number such as "42", any later one a UUIDv7)
             * @example 42
             */
            organizationId: string;
            name: string;
            hostname: string;
            ipAddress: string;
            operatingSystem: components["schemas"]["OperatingSystem"];
            agentVersion: string;
            location: string;
            description: string;
            tags: string[];
            /** Format: date-time */
            lastSeenAt: string;
            maintenance: boolean;
            screenshotIntervalMinutes: number;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            /** @description Raised by every change made through the API; sent back as the ETag. */
            version?: number;
            /** @description Who made the last change through the API (display name), when known. */
            updatedBy?: string;
            status: components["schemas"]["UnitStatus"];
            /** @description The unit's agent, or null when none was ever enrolled */
            agent: components["schemas"]["UnitAgent"] | null;
        };
        ServiceUnitInput: {
            name: string;
            hostname: string;
            ipAddress?: string;
            operatingSystem: components["schemas"]["OperatingSystem"];
            location?: string;
            description?: string;
            tags?: string[];
            maintenance?: boolean;
            screenshotIntervalMinutes?: number;
        };
        ServiceUnitPage: {
            items: components["schemas"]["ServiceUnit"][];
            total: number;
            page: number;
            pageSize: number;
        };
        Ids: {
            ids: (string | number)[];
            /** @description The version each row had when the list showed it (id to version). A row at another version now is left as it is and answered in `changedElsewhere`; without `versions` every row the caller may change is changed (scripts). */
            versions?: {
                [key: string]: number;
            };
        };
        BulkMaintenance: {
            ids: (string | number)[];
            /** @description The version each row had when the list showed it (id to version). A row at another version now is left as it is and answered in `changedElsewhere`; without `versions` every row the caller may change is changed (scripts). */
            versions?: {
                [key: string]: number;
            };
            maintenance: boolean;
        };
        Deleted: {
            deleted: number;
            /** @description Ids of records the caller may read but not change (another organization's, or a read-only role); left untouched. */
            refused: number;
            /** @description Rows whose version was not the one the request named (`versions`), as they are now; left untouched. */
            changedElsewhere: components["schemas"]["ServiceUnit"][];
        };
        Updated: {
            updated: number;
            /** @description Ids of records the caller may read but not change (another organization's, or a read-only role); left untouched. */
            refused: number;
            /** @description Rows whose version was not the one the request named (`versions`), as they are now; left untouched. */
            changedElsewhere: components["schemas"]["ServiceUnit"][];
        };
        Process: {
            /**
             * @description Record id, opaque (a seeded record's number such as "42", any later one a UUIDv7)
             * @example 42
             */
            id: string;
            /**
             * @description Record id, opaque (a seeded record's number such as "42", any later one a UUIDv7)
             * @example 42
             */
            serviceUnitId: string;
            name: string;
            pid: number;
            user: string;
            cpuPercent: number;
            memoryMb: number;
            /** Format: date-time */
            startedAt: string;
            /** @enum {string} */
            state: "running" | "ended";
        };
        ProcessList: {
            items: components["schemas"]["Process"][];
            total: number;
            /** Format: date-time */
            sampledAt: string;
        };
        ProcessRule: {
            /**
             * @description Record id, opaque (a seeded record's number such as "42", any later one a UUIDv7)
             * @example 42
             */
            id: string;
            /**
             * @description Record id, opaque (a seeded record's number such as "42", any later one a UUIDv7)
             * @example 42
             */
            serviceUnitId: string;
            /** @description Executable name, exact or with `*` */
            pattern: string;
            /** @enum {string} */
            action: "allow" | "block";
            enabled: boolean;
            comment: string;
            /** Format: date-time */
            createdAt: string;
            /** @description Raised by every change made through the API; sent back as If-Match. */
            version?: number;
            /**
             * Format: date-time
             * @description When the rule last changed (its creation until a change).
             */
            updatedAt?: string;
            /** @description Who made the last change through the API (a display name); absent until one did. */
            updatedBy?: string;
        };
        ProcessRulePage: {
            items: components["schemas"]["ProcessRule"][];
            total: number;
            page: number;
            pageSize: number;
        };
        SavedProcessRule: components["schemas"]["ProcessRule"] & {
            /** @description Always empty: the unit's agent enforces the rules (it reads them with its config and ends what a block rule matches), and the backend records a process as ended by the rule when the agent's report leaves it out. Kept for clients of the earlier contract. */
            endedProcessIds: string[];
        };
        /** @description On create `pattern`, `action` and `enabled` are required; an update may send only the fields it changes. */
        ProcessRuleInput: {
            pattern?: string;
            /** @enum {string} */
            action?: "allow" | "block";
            enabled?: boolean;
            comment?: string;
        };
        Screenshot: {
            /**
             * @description Record id, opaque (a seeded record's number such as "42", any later one a UUIDv7)
             * @example 42
             */
            id: string;
            /**
             * @description Record id, opaque (a seeded record's number such as "42", any later one a UUIDv7)
             * @example 42
             */
            serviceUnitId: string;
            unitName: string;
            /** Format: date-time */
            capturedAt: string;
            width: number;
            height: number;
            activeWindowTitle: string;
            processName: string;
            flagged: boolean;
            note: string;
            /** @description An agent uploaded the image (`GET /api/screenshots/{id}/image`); absent or false for simulated screenshots, which the app draws */
            hasImage?: boolean;
        };
        ScreenshotPage: {
            items: components["schemas"]["Screenshot"][];
            total: number;
            page: number;
            pageSize: number;
        };
        ScreenshotPatch: {
            flagged?: boolean;
            note?: string;
        };
        ScreenshotIds: {
            ids: string[];
        };
        ScreenshotsDeleted: {
            deleted: number;
            /** @description Unknown ids, and ids the caller may not even read. */
            notFound: number;
            /** @description Ids of records the caller may read but not change (another organization's, or a read-only role); left untouched. */
            refused: number;
        };
        CaptureRequest: {
            /**
             * @description Record id, opaque (a seeded record's number such as "42", any later one a UUIDv7)
             * @example 42
             */
            id: string;
            /**
             * @description Record id, opaque (a seeded record's number such as "42", any later one a UUIDv7)
             * @example 42
             */
            serviceUnitId: string;
            /** Format: date-time */
            requestedAt: string;
            /** @enum {string} */
            status: "pending" | "delivered" | "failed";
            /** @enum {string|null} */
            failureReason: "unitOffline" | "unitGone" | "notSupported" | "refused" | "failed" | "agentRevoked" | null;
            /** @description The captureScreenshot command the unit's agent answers; the live `screenshot.captured` that delivers this capture names the same id in `data.commandId`. Null when no command was issued (the unit has no agent, or it is offline or revoked) */
            commandId: string | null;
            screenshot: components["schemas"]["Screenshot"] | null;
        };
        UrlRuleScope: {
            /** @constant */
            kind: "all";
        } | {
            /** @constant */
            kind: "units";
            unitIds: string[];
        };
        UrlRuleSchedule: {
            /** @constant */
            kind: "always";
        } | {
            /** @constant */
            kind: "window";
            /** @description 0 = Sunday */
            days: (0 | 1 | 2 | 3 | 4 | 5 | 6)[];
            from: string;
            to: string;
        };
        /** @enum {string} */
        UrlMatchType: "domain" | "exact" | "wildcard" | "regex";
        UrlRestriction: {
            /**
             * @description Record id, opaque (a seeded record's number such as "42", any later one a UUIDv7)
             * @example 42
             */
            id: string;
            /**
             * @description Record id, opaque (a seeded record's number such as "42", any later one a UUIDv7)
             * @example 42
             */
            organizationId: string;
            scope: components["schemas"]["UrlRuleScope"];
            pattern: string;
            matchType: components["schemas"]["UrlMatchType"];
            /** @enum {string} */
            action: "allow" | "block";
            enabled: boolean;
            schedule: components["schemas"]["UrlRuleSchedule"];
            reason: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            updatedBy: string;
            /** @description Raised by every change made through the API; sent back as the ETag. */
            version?: number;
        };
        UrlRestrictionInput: {
            pattern: string;
            matchType: components["schemas"]["UrlMatchType"];
            /** @enum {string} */
            action: "allow" | "block";
            enabled?: boolean;
            scope?: components["schemas"]["UrlRuleScope"];
            schedule?: components["schemas"]["UrlRuleSchedule"];
            reason?: string;
        };
        UrlRestrictionPage: {
            items: components["schemas"]["UrlRestriction"][];
            total: number;
            page: number;
            pageSize: number;
        };
        UnitCounts: {
            online: number;
            offline: number;
            maintenance: number;
            total: number;
        };
        DashboardSummary: {
            units: components["schemas"]["UnitCounts"];
            processesBlockedToday: number;
            screenshotsToday: number;
            activeUrlRules: number;
            /** Format: date-time */
            generatedAt: string;
        };
        OfflineUnit: {
            /**
             * @description Record id, opaque (a seeded record's number such as "42", any later one a UUIDv7)
             * @example 42
             */
            id: string;
            name: string;
            hostname: string;
            operatingSystem: components["schemas"]["OperatingSystem"];
            location: string;
            /** Format: date-time */
            lastSeenAt: string;
        };
        AdminSummary: {
            organizations: number;
            users: {
                total: number;
                /** @description Accounts per role id */
                byRole: {
                    1: number;
                    2: number;
                    3: number;
                    4: number;
                };
            };
            units: components["schemas"]["UnitCounts"];
        };
        TrendPoint: {
            /** Format: date */
            date: string;
            online: number;
            total: number;
        };
        RecentSignIn: {
            /**
             * @description Record id, opaque (a seeded record's number such as "42", any later one a UUIDv7)
             * @example 42
             */
            userId: string;
            displayName: string;
            username: string;
            roleId: components["schemas"]["RoleId"];
            organizationName: string;
            /** Format: date-time */
            at: string;
        };
        /** @enum {string} */
        OrganizationStatus: "active" | "suspended" | "archived";
        ScreenshotPolicy: {
            enabled: boolean;
            intervalMinutes: number;
            retentionDays: number;
        };
        Organization: {
            /**
             * @description Record id, opaque (a seeded record's number such as "42", any later one a UUIDv7)
             * @example 42
             */
            id: string;
            name: string;
            code: string;
            contactEmail: string;
            phone: string;
            address: string;
            timezone: string;
            status: components["schemas"]["OrganizationStatus"];
            statusReason: string;
            seatLimit: number;
            screenshotPolicy: components["schemas"]["ScreenshotPolicy"];
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            unitCount: number;
            userCount: number;
            /** @description Raised by every change made through the API; sent back as the ETag. */
            version?: number;
            /** @description Who made the last change through the API (display name), when known. */
            updatedBy?: string;
        };
        OrganizationInput: {
            name: string;
            code: string;
            /** Format: email */
            contactEmail: string;
            phone?: string;
            address?: string;
            /** @description IANA time zone */
            timezone: string;
            seatLimit: number;
            screenshotPolicy: components["schemas"]["ScreenshotPolicy"];
        };
        OrganizationPage: {
            items: components["schemas"]["Organization"][];
            total: number;
            page: number;
            pageSize: number;
        };
        OrganizationOption: {
            /**
             * @description Record id, opaque (a seeded record's number such as "42", any later one a UUIDv7)
             * @example 42
             */
            id: string;
            name: string;
            code: string;
            status: components["schemas"]["OrganizationStatus"];
        };
        StatusReason: {
            /** @description Required to suspend or activate; optional to archive */
            reason?: string;
        };
        BulkStatus: {
            ids: (string | number)[];
            /** @enum {string} */
            action: "suspend" | "activate";
            reason: string;
            /** @description The version each row had when the list showed it (id to version). A row at another version now is left as it is and answered in `changedElsewhere`; without `versions` every row the caller may change is changed (scripts). */
            versions?: {
                [key: string]: number;
            };
        };
        BulkStatusResult: {
            updated: number;
            skipped: number;
            skippedIds: string[];
            /** @description Organizations whose version was not the one the request named (`versions`), as they are now; left untouched. */
            changedElsewhere: components["schemas"]["Organization"][];
        };
        AuditEntry: {
            /**
             * @description Record id, opaque (a seeded record's number such as "42", any later one a UUIDv7)
             * @example 42
             */
            id: string;
            /** Format: date-time */
            at: string;
            /**
             * @description Record id, opaque (a seeded record's number such as "42", any later one a UUIDv7)
             * @example 42
             */
            actorId: string;
            actorName: string;
            actorRoleId: components["schemas"]["RoleId"];
            organizationId: string;
            resource: string;
            action: string;
            recordId: string;
            before: Record<string, never> | null;
            after: Record<string, never> | null;
            reason: string;
        };
        AuditPage: {
            items: components["schemas"]["AuditEntry"][];
            total: number;
            page: number;
            pageSize: number;
        };
        /** @enum {string} */
        AccountStatus: "invited" | "active" | "disabled";
        AdminUser: {
            /**
             * @description Record id, opaque (a seeded record's number such as "42", any later one a UUIDv7)
             * @example 42
             */
            id: string;
            fullName: string;
            username: string;
            email: string;
            phone: string;
            roleId: components["schemas"]["RoleId"];
            /**
             * @description Record id, opaque (a seeded record's number such as "42", any later one a UUIDv7)
             * @example 42
             */
            organizationId: string;
            organizationName: string;
            status: components["schemas"]["AccountStatus"];
            /** Format: date-time */
            lastSignInAt: string | null;
            /** Format: date-time */
            createdAt: string;
            invitedBy: string;
            invitedByName: string;
            hasOpenLink: boolean;
            /** @description Raised by every change made through the API; sent back as the ETag. */
            version?: number;
            /** @description Which administrator made the last change through the API, when known. */
            updatedBy?: string;
            /** Format: date-time */
            updatedAt?: string;
        };
        AdminUserPage: {
            items: components["schemas"]["AdminUser"][];
            total: number;
            page: number;
            pageSize: number;
        };
        UserInput: {
            fullName: string;
            username: string;
            /** Format: email */
            email: string;
            phone?: string;
            roleId: components["schemas"]["RoleId"];
            /** @description Ignored for an admin (role 2): their own organization */
            organizationId?: string | number;
        };
        SetPasswordLink: {
            token: string;
            /** @example /set-password?token=… */
            path: string;
            /** Format: date-time */
            expiresAt: string;
        };
        UserWithLink: {
            user: components["schemas"]["AdminUser"];
            link: components["schemas"]["SetPasswordLink"];
        };
        Revoked: {
            revoked: number;
        };
        SetPasswordInfo: {
            username: string;
            fullName: string;
            email: string;
            status: components["schemas"]["AccountStatus"];
        };
        SetPasswordRequest: {
            token: string;
            password: string;
            rePassword: string;
        };
        Username: {
            username: string;
        };
        /** @enum {string} */
        RiskBand: "low" | "medium" | "high" | "insufficient";
        RiskFactor: {
            /** @enum {string} */
            factor: "heartbeats" | "crashes" | "cpu" | "memory" | "disk" | "captures";
            share: number;
        };
        UnitPrediction: {
            /**
             * @description Record id, opaque (a seeded record's number such as "42", any later one a UUIDv7)
             * @example 42
             */
            serviceUnitId: string;
            unitName: string;
            hostname: string;
            /**
             * @description Record id, opaque (a seeded record's number such as "42", any later one a UUIDv7)
             * @example 42
             */
            organizationId: string;
            organizationName: string;
            riskScore: number | null;
            band: components["schemas"]["RiskBand"];
            predictedDowntimeHours: number | null;
            daysUntilDiskFull: number | null;
            factors: components["schemas"]["RiskFactor"][];
            trend: number | null;
            /** @enum {string} */
            recommendedAction: "collectData" | "noAction" | "checkConnectivity" | "investigateCrashes" | "reviewWorkload" | "addMemory" | "freeDiskSpace" | "checkCaptureAgent";
            historyDays: number;
        };
        BandCounts: {
            low: number;
            medium: number;
            high: number;
            insufficient: number;
        };
        PredictionReport: {
            /** Format: date-time */
            generatedAt: string;
            horizonDays: number;
            summary: components["schemas"]["BandCounts"] & {
                units: number;
                averageRisk: number | null;
                predictedDowntimeHours: number;
                diskFullWithinHorizon: number;
            };
            byOrganization: (components["schemas"]["BandCounts"] & {
                /**
                 * @description Record id, opaque (a seeded record's number such as "42", any later one a UUIDv7)
                 * @example 42
                 */
                organizationId: string;
                organizationName: string;
            })[];
            top: components["schemas"]["UnitPrediction"][];
            items: components["schemas"]["UnitPrediction"][];
            total: number;
            page: number;
            pageSize: number;
        };
        UnitOption: {
            /**
             * @description Record id, opaque (a seeded record's number such as "42", any later one a UUIDv7)
             * @example 42
             */
            id: string;
            name: string;
            hostname: string;
            status: components["schemas"]["UnitStatus"];
        };
        NamedId: {
            /**
             * @description Record id, opaque (a seeded record's number such as "42", any later one a UUIDv7)
             * @example 42
             */
            id: string;
            name: string;
        };
        SeriesPoint: {
            /** Format: date */
            date: string;
            actual: number | null;
            predicted: number | null;
            low: number | null;
            high: number | null;
        };
        UnitPredictionDetail: {
            prediction: components["schemas"]["UnitPrediction"];
            series: components["schemas"]["SeriesPoint"][];
            contributions: components["schemas"]["RiskFactor"][];
        };
        /** @description The unit's agent: `simulated` (demo data: the embedded backend's or the server's own simulated agents, which call the same agent API) or `enrolled` (a real agent). */
        UnitAgent: {
            /** @enum {string} */
            kind: "simulated" | "enrolled";
            /** Format: date-time */
            enrolledAt: string;
            /** Format: date-time */
            revokedAt: string | null;
            heartbeatIntervalS: number;
            system: components["schemas"]["AgentSystem"] | null;
            /** @description How the agent last reported enforcing the URL rules; null (or absent, from an older server) when it never did */
            urlPolicy?: components["schemas"]["AgentUrlPolicy"] | null;
        };
        /** @description What the agent last reported about its machine. */
        AgentSystem: {
            hostname: string;
            /** @description The operating system's own name and release, e.g. `Debian GNU/Linux 12 (bookworm)` */
            osName: string;
            ipAddresses: string[];
            uptimeS: number;
            agentVersion: string;
        };
        AgentEnrolmentToken: {
            /** @description Shown once; only its hash is stored. */
            token: string;
            /** Format: date-time */
            expiresAt: string;
            organizationId: string;
        };
        AgentEnrolRequest: {
            token: string;
            system: components["schemas"]["AgentReportedSystem"];
        };
        AgentReportedSystem: {
            hostname: string;
            platform: components["schemas"]["OperatingSystem"];
            osName: string;
            ipAddresses: string[];
            uptimeS: number;
            agentVersion: string;
        };
        AgentCredential: {
            unitId: string;
            organizationId: string;
            /** @description The unit credential: `Authorization: Bearer <credential>` on every agent call. Shown once. */
            credential: string;
            heartbeatIntervalS: number;
        };
        AgentHeartbeat: {
            /** @description The credential's own unit; any other id is refused with 403 `otherUnit`. */
            unitId: string;
            system: components["schemas"]["AgentReportedSystem"];
            urlPolicy?: components["schemas"]["AgentUrlPolicy"];
        };
        /** @description How the agent enforces the unit's URL rules through the browsers' managed policies (docs/agent.md): whether its policy file is written, when, for which browsers, and what became of each enabled rule. An agent that sends none keeps the last one reported. */
        AgentUrlPolicy: {
            /**
             * @description `written`: the policy is in force; `noPermission`: the agent may not write the policy folder; `failed`: writing failed otherwise (see `message`); `off`: started with `--no-url-policy`, its file removed.
             * @enum {string}
             */
            state: "written" | "noPermission" | "failed" | "off";
            /**
             * Format: date-time
             * @description When the policy was last written (null before the first write)
             */
            writtenAt: string | null;
            /** @description The browsers whose policy holds the rules */
            browsers: ("chromium" | "chrome" | "firefox")[];
            /** @description What went wrong, e.g. the folder the agent may not write; empty otherwise */
            message: string;
            rules: components["schemas"]["UrlRuleEnforcement"][];
        };
        UrlRuleEnforcement: {
            ruleId: string;
            /** @description The rule's pattern as the agent enforces it (the console shows it even for a rule since changed) */
            pattern: string;
            /**
             * @description `enforced`: in the policy now; `outOfSchedule`: left out until its window opens; `notEnforceable`: the policy formats cannot express it (`reason`).
             * @enum {string}
             */
            status: "enforced" | "outOfSchedule" | "notEnforceable";
            /** @description Why a rule is not enforceable on this unit; null otherwise */
            reason: ("regex" | "wildcardInHost" | "subdomainsOnly" | "wildcardInPath" | "wildcardInScheme" | "invalidPattern") | null;
        };
        AgentHeartbeatAck: {
            /** Format: date-time */
            receivedAt: string;
            heartbeatIntervalS: number;
            pendingCommands: number;
        };
        AgentProcess: {
            pid: number;
            name: string;
            user: string;
            cpuPercent: number;
            memoryMb: number;
            /** Format: date-time */
            startedAt: string | null;
        };
        AgentProcessReport: {
            unitId: string;
            processes: components["schemas"]["AgentProcess"][];
        };
        AgentProcessAck: {
            running: number;
            started: number;
            ended: number;
        };
        AgentScreenshot: {
            unitId: string;
            /** @description The capture command this answers, if any */
            commandId?: string | null;
            /** Format: date-time */
            capturedAt: string;
            width: number;
            height: number;
            activeWindowTitle: string;
            processName: string;
            /** @enum {string} */
            contentType: "image/png" | "image/jpeg";
            /** @description The image, base64; at most 1 MiB decoded (413 `screenshotTooLarge`) */
            data: string;
        };
        AgentScreenshotAck: {
            screenshotId: string;
        };
        AgentConfig: {
            unitId: string;
            heartbeatIntervalS: number;
            processRules: components["schemas"]["ProcessRule"][];
            urlRules: components["schemas"]["UrlRestriction"][];
            /** @description Changes whenever anything above changes (a digest of it); the command poll's `configVersion` is compared with it. */
            version: string;
        };
        /** @enum {string} */
        CommandKind: "endProcess" | "captureScreenshot";
        AgentCommand: {
            id: string;
            kind: components["schemas"]["CommandKind"];
            pid: number | null;
            /** Format: date-time */
            issuedAt: string;
        };
        AgentCommandList: {
            items: components["schemas"]["AgentCommand"][];
            /** @description The `version` of the unit's config now (`AgentConfig.version`); when it is not the agent's, the agent fetches its config again. */
            configVersion: string;
        };
        AgentCommandResult: {
            /**
             * @description `refused`: the agent does not allow it (started without `--allow-end-process`); `notSupported`: the unit cannot (no display to capture)
             * @enum {string}
             */
            status: "succeeded" | "failed" | "refused" | "notSupported";
            message?: string;
        };
        /** @description A command a person sent to a unit's agent, and its result. Every command is in the audit log, with its result. */
        Command: {
            id: string;
            serviceUnitId: string;
            kind: components["schemas"]["CommandKind"];
            /** @enum {string} */
            status: "pending" | "sent" | "succeeded" | "failed" | "refused" | "notSupported";
            processId: string | null;
            pid: number | null;
            captureRequestId: string | null;
            /** Format: date-time */
            issuedAt: string;
            issuedBy: string;
            /** Format: date-time */
            finishedAt: string | null;
            message: string | null;
        };
        /** @enum {string} */
        LiveEventType: "unit.created" | "unit.changed" | "unit.deleted" | "unit.online" | "unit.offline" | "processes.changed" | "screenshot.captured" | "screenshot.changed" | "command.finished" | "user.changed" | "organization.changed";
        LiveEvent: {
            /** @description Increasing; resume after it with `Last-Event-ID` */
            id: string;
            type: components["schemas"]["LiveEventType"];
            /** Format: date-time */
            at: string;
            organizationId: string | null;
            /** @description The unit, user, organization, screenshot or command the event is about */
            subjectId: string;
            unitId: string | null;
            /** @description By type: `unit.created`/`unit.changed`/`unit.online`/`unit.offline`: `{unit}` (a ServiceUnit); `unit.deleted`: `{}`; `processes.changed`: `{running}`; `screenshot.captured`: `{screenshotId, commandId, unitName}` (the capture command it answers, or null; the unit's name); `screenshot.changed`: `{screenshotId, change: updated|deleted}` (flagged, noted or deleted, one event per screenshot of a bulk delete); `command.finished`: `{command}`; `user.changed`/`organization.changed`: `{change: created|updated|deleted}` */
            data: Record<string, never>;
        };
        EventPage: {
            items: components["schemas"]["LiveEvent"][];
            /** @description The newest event id the caller has now seen (resume after it) */
            lastId: string;
        };
        ScreenshotImage: {
            /** @enum {string} */
            contentType: "image/png" | "image/jpeg";
            /** @description base64 */
            data: string;
        };
    };
    responses: {
        /** @description The record changed since the client read it (`If-Match` names an older version): nothing was changed. `current` is the record as it is now, and the `ETag` header its version. */
        ChangedElsewhere: {
            headers: {
                ETag: components["headers"]["ETag"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request is not what the endpoint reads: the body is not JSON (`invalidJson`) or not the kind of value it takes (`invalidBody`), or a path or query parameter breaks its schema (`invalidParameter`, `errors` naming it). */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No valid access token (or application key): sign in again, or refresh the token once. */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Signed in, but the role or the record’s organization does not allow it. `reason` or `code` says which rule refused. */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No such record, or one in another organization (which the caller may not know exists). */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The record is not in a state that allows this (already ended, last super admin, not empty, invalid status transition). */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Another record already has this value (a unit's name in its organization, a username, an e-mail, an organization code, the same URL rule): `errors` names the field (`duplicateName`, `duplicateUsername`, `duplicateEmail`, `duplicateCode`, `duplicateRule`); nothing was changed. Two such creates at once, on one instance or two, store one: the other gets this answer. When other fields are wrong too, the answer is 422 with every field. */
        Duplicate: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Validation failed: `errors` maps each field to what is wrong with it; nothing was changed. */
        ValidationFailed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The session is locked (`code: session_locked`): only unlock and sign-out are answered until it is unlocked. */
        Locked: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The change could not be stored, so nothing was changed: the server's database refused the commit or could not be reached, or the embedded backend's browser storage is full or unavailable. */
        NotStored: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No operation has this path: every path under `/api/` that this document does not list (`code: unknownPath`). */
        UnknownPath: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The path exists, but not with this method (`code: methodNotAllowed`); `Allow` lists the methods it has. */
        MethodNotAllowed: {
            headers: {
                Allow: components["headers"]["Allow"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No valid unit credential (unknown, revoked, or a user's token), or an enrolment token that is unknown, used or expired (`code: agentUnauthorized`, `enrolmentInvalid`). */
        AgentUnauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body names another unit than the credential's (`code: otherUnit`). */
        AgentOtherUnit: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body is not `application/json` (`code: unsupportedMediaType`). */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body, or the image in it, is larger than allowed (`code: payloadTooLarge`, `screenshotTooLarge`). */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /**
         * @description The ETag of the record as the client last read it. When the record changed since, the write is refused with 412 `changedElsewhere` and the current record; without the header the write goes on (scripts).
         * @example "3"
         */
        IfMatch: string;
        /** @description 1-based page number */
        Page: number;
        /** @description Rows per page (1 to 100; another value is refused with 400 `invalidParameter`) */
        PageSize: number;
        /** @description Sort direction */
        Order: "asc" | "desc";
        /** @description Case-insensitive text search */
        Search: string;
        /** @description Makes a create safe to retry: the same key with the same request replays the first 2xx answer (with `Idempotent-Replayed: true`) and creates nothing; the same key with a different request is refused with 422. Keys live 24 hours, per user. */
        IdempotencyKey: string;
        /**
         * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
         * @example 1
         */
        Id: string;
    };
    requestBodies: never;
    headers: {
        /**
         * @description The record's version as a strong entity tag, for `If-Match` on its next change.
         * @example "3"
         */
        ETag: string;
        /**
         * @description The methods the requested path has, comma-separated.
         * @example GET, PUT, DELETE
         */
        Allow: string;
    };
    pathItems: never;
};
export type SchemaError = components['schemas']['Error'];
export type SchemaUserRecord = components['schemas']['UserRecord'];
export type SchemaRoleId = components['schemas']['RoleId'];
export type SchemaLoginRequest = components['schemas']['LoginRequest'];
export type SchemaLoginResult = components['schemas']['LoginResult'];
export type SchemaRegistrationRequest = components['schemas']['RegistrationRequest'];
export type SchemaRegistrationResult = components['schemas']['RegistrationResult'];
export type SchemaRefreshRequest = components['schemas']['RefreshRequest'];
export type SchemaRefreshResult = components['schemas']['RefreshResult'];
export type SchemaUnlockRequest = components['schemas']['UnlockRequest'];
export type SchemaForgotPasswordRequest = components['schemas']['ForgotPasswordRequest'];
export type SchemaMessage = components['schemas']['Message'];
export type SchemaMe = components['schemas']['Me'];
export type SchemaProfile = components['schemas']['Profile'];
export type SchemaProfileUpdate = components['schemas']['ProfileUpdate'];
export type SchemaPasswordChange = components['schemas']['PasswordChange'];
export type SchemaTaskTagValue = components['schemas']['TaskTagValue'];
export type SchemaTask = components['schemas']['Task'];
export type SchemaTaskInput = components['schemas']['TaskInput'];
export type SchemaTaskBody = components['schemas']['TaskBody'];
export type SchemaTaskTag = components['schemas']['TaskTag'];
export type SchemaCreatedNumericId = components['schemas']['CreatedNumericId'];
export type SchemaMailFolder = components['schemas']['MailFolder'];
export type SchemaEmailLabel = components['schemas']['EmailLabel'];
export type SchemaEmail = components['schemas']['Email'];
export type SchemaEmailTag = components['schemas']['EmailTag'];
export type SchemaEmailMeta = components['schemas']['EmailMeta'];
export type SchemaMoveMails = components['schemas']['MoveMails'];
export type SchemaUpdateLabels = components['schemas']['UpdateLabels'];
export type SchemaSetLabels = components['schemas']['SetLabels'];
export type SchemaMarkUnread = components['schemas']['MarkUnread'];
export type SchemaSetStarred = components['schemas']['SetStarred'];
export type SchemaComposeEmail = components['schemas']['ComposeEmail'];
export type SchemaOperatingSystem = components['schemas']['OperatingSystem'];
export type SchemaUnitStatus = components['schemas']['UnitStatus'];
export type SchemaServiceUnit = components['schemas']['ServiceUnit'];
export type SchemaServiceUnitInput = components['schemas']['ServiceUnitInput'];
export type SchemaServiceUnitPage = components['schemas']['ServiceUnitPage'];
export type SchemaIds = components['schemas']['Ids'];
export type SchemaBulkMaintenance = components['schemas']['BulkMaintenance'];
export type SchemaDeleted = components['schemas']['Deleted'];
export type SchemaUpdated = components['schemas']['Updated'];
export type SchemaProcess = components['schemas']['Process'];
export type SchemaProcessList = components['schemas']['ProcessList'];
export type SchemaProcessRule = components['schemas']['ProcessRule'];
export type SchemaProcessRulePage = components['schemas']['ProcessRulePage'];
export type SchemaSavedProcessRule = components['schemas']['SavedProcessRule'];
export type SchemaProcessRuleInput = components['schemas']['ProcessRuleInput'];
export type SchemaScreenshot = components['schemas']['Screenshot'];
export type SchemaScreenshotPage = components['schemas']['ScreenshotPage'];
export type SchemaScreenshotPatch = components['schemas']['ScreenshotPatch'];
export type SchemaScreenshotIds = components['schemas']['ScreenshotIds'];
export type SchemaScreenshotsDeleted = components['schemas']['ScreenshotsDeleted'];
export type SchemaCaptureRequest = components['schemas']['CaptureRequest'];
export type SchemaUrlRuleScope = components['schemas']['UrlRuleScope'];
export type SchemaUrlRuleSchedule = components['schemas']['UrlRuleSchedule'];
export type SchemaUrlMatchType = components['schemas']['UrlMatchType'];
export type SchemaUrlRestriction = components['schemas']['UrlRestriction'];
export type SchemaUrlRestrictionInput = components['schemas']['UrlRestrictionInput'];
export type SchemaUrlRestrictionPage = components['schemas']['UrlRestrictionPage'];
export type SchemaUnitCounts = components['schemas']['UnitCounts'];
export type SchemaDashboardSummary = components['schemas']['DashboardSummary'];
export type SchemaOfflineUnit = components['schemas']['OfflineUnit'];
export type SchemaAdminSummary = components['schemas']['AdminSummary'];
export type SchemaTrendPoint = components['schemas']['TrendPoint'];
export type SchemaRecentSignIn = components['schemas']['RecentSignIn'];
export type SchemaOrganizationStatus = components['schemas']['OrganizationStatus'];
export type SchemaScreenshotPolicy = components['schemas']['ScreenshotPolicy'];
export type SchemaOrganization = components['schemas']['Organization'];
export type SchemaOrganizationInput = components['schemas']['OrganizationInput'];
export type SchemaOrganizationPage = components['schemas']['OrganizationPage'];
export type SchemaOrganizationOption = components['schemas']['OrganizationOption'];
export type SchemaStatusReason = components['schemas']['StatusReason'];
export type SchemaBulkStatus = components['schemas']['BulkStatus'];
export type SchemaBulkStatusResult = components['schemas']['BulkStatusResult'];
export type SchemaAuditEntry = components['schemas']['AuditEntry'];
export type SchemaAuditPage = components['schemas']['AuditPage'];
export type SchemaAccountStatus = components['schemas']['AccountStatus'];
export type SchemaAdminUser = components['schemas']['AdminUser'];
export type SchemaAdminUserPage = components['schemas']['AdminUserPage'];
export type SchemaUserInput = components['schemas']['UserInput'];
export type SchemaSetPasswordLink = components['schemas']['SetPasswordLink'];
export type SchemaUserWithLink = components['schemas']['UserWithLink'];
export type SchemaRevoked = components['schemas']['Revoked'];
export type SchemaSetPasswordInfo = components['schemas']['SetPasswordInfo'];
export type SchemaSetPasswordRequest = components['schemas']['SetPasswordRequest'];
export type SchemaUsername = components['schemas']['Username'];
export type SchemaRiskBand = components['schemas']['RiskBand'];
export type SchemaRiskFactor = components['schemas']['RiskFactor'];
export type SchemaUnitPrediction = components['schemas']['UnitPrediction'];
export type SchemaBandCounts = components['schemas']['BandCounts'];
export type SchemaPredictionReport = components['schemas']['PredictionReport'];
export type SchemaUnitOption = components['schemas']['UnitOption'];
export type SchemaNamedId = components['schemas']['NamedId'];
export type SchemaSeriesPoint = components['schemas']['SeriesPoint'];
export type SchemaUnitPredictionDetail = components['schemas']['UnitPredictionDetail'];
export type SchemaUnitAgent = components['schemas']['UnitAgent'];
export type SchemaAgentSystem = components['schemas']['AgentSystem'];
export type SchemaAgentEnrolmentToken = components['schemas']['AgentEnrolmentToken'];
export type SchemaAgentEnrolRequest = components['schemas']['AgentEnrolRequest'];
export type SchemaAgentReportedSystem = components['schemas']['AgentReportedSystem'];
export type SchemaAgentCredential = components['schemas']['AgentCredential'];
export type SchemaAgentHeartbeat = components['schemas']['AgentHeartbeat'];
export type SchemaAgentUrlPolicy = components['schemas']['AgentUrlPolicy'];
export type SchemaUrlRuleEnforcement = components['schemas']['UrlRuleEnforcement'];
export type SchemaAgentHeartbeatAck = components['schemas']['AgentHeartbeatAck'];
export type SchemaAgentProcess = components['schemas']['AgentProcess'];
export type SchemaAgentProcessReport = components['schemas']['AgentProcessReport'];
export type SchemaAgentProcessAck = components['schemas']['AgentProcessAck'];
export type SchemaAgentScreenshot = components['schemas']['AgentScreenshot'];
export type SchemaAgentScreenshotAck = components['schemas']['AgentScreenshotAck'];
export type SchemaAgentConfig = components['schemas']['AgentConfig'];
export type SchemaCommandKind = components['schemas']['CommandKind'];
export type SchemaAgentCommand = components['schemas']['AgentCommand'];
export type SchemaAgentCommandList = components['schemas']['AgentCommandList'];
export type SchemaAgentCommandResult = components['schemas']['AgentCommandResult'];
export type SchemaCommand = components['schemas']['Command'];
export type SchemaLiveEventType = components['schemas']['LiveEventType'];
export type SchemaLiveEvent = components['schemas']['LiveEvent'];
export type SchemaEventPage = components['schemas']['EventPage'];
export type SchemaScreenshotImage = components['schemas']['ScreenshotImage'];
export type ResponseChangedElsewhere = components['responses']['ChangedElsewhere'];
export type ResponseBadRequest = components['responses']['BadRequest'];
export type ResponseUnauthorized = components['responses']['Unauthorized'];
export type ResponseForbidden = components['responses']['Forbidden'];
export type ResponseNotFound = components['responses']['NotFound'];
export type ResponseConflict = components['responses']['Conflict'];
export type ResponseDuplicate = components['responses']['Duplicate'];
export type ResponseValidationFailed = components['responses']['ValidationFailed'];
export type ResponseLocked = components['responses']['Locked'];
export type ResponseNotStored = components['responses']['NotStored'];
export type ResponseUnknownPath = components['responses']['UnknownPath'];
export type ResponseMethodNotAllowed = components['responses']['MethodNotAllowed'];
export type ResponseAgentUnauthorized = components['responses']['AgentUnauthorized'];
export type ResponseAgentOtherUnit = components['responses']['AgentOtherUnit'];
export type ResponseUnsupportedMediaType = components['responses']['UnsupportedMediaType'];
export type ResponsePayloadTooLarge = components['responses']['PayloadTooLarge'];
export type ParameterIfMatch = components['parameters']['IfMatch'];
export type ParameterPage = components['parameters']['Page'];
export type ParameterPageSize = components['parameters']['PageSize'];
export type ParameterOrder = components['parameters']['Order'];
export type ParameterSearch = components['parameters']['Search'];
export type ParameterIdempotencyKey = components['parameters']['IdempotencyKey'];
export type ParameterId = components['parameters']['Id'];
export type HeaderETag = components['headers']['ETag'];
export type HeaderAllow = components['headers']['Allow'];
export type $defs = Record<string, never>;
export interface operations {
    signIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["ValidationFailed"];
            /** @description Too many failed sign-ins for this name or from this address lately (`code: tooManyAttempts`): try again after `Retry-After` seconds. The password was not checked. */
            429: {
                headers: {
                    /**
                     * @description Seconds until a sign-in with this name from this address is checked again.
                     * @example 600
                     */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            503: components["responses"]["NotStored"];
        };
    };
    register: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a create safe to retry: the same key with the same request replays the first 2xx answer (with `Idempotent-Replayed: true`) and creates nothing; the same key with a different request is refused with 422. Keys live 24 hours, per user. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegistrationRequest"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    /** @description `true` when this is the replayed answer of an earlier request with the same key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegistrationResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            503: components["responses"]["NotStored"];
        };
    };
    refreshToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefreshRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RefreshResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    signOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done, no content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            503: components["responses"]["NotStored"];
        };
    };
    lockSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done, no content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            503: components["responses"]["NotStored"];
        };
    };
    unlockSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UnlockRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Me"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            503: components["responses"]["NotStored"];
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Me"];
                };
            };
            401: components["responses"]["Unauthorized"];
            423: components["responses"]["Locked"];
        };
    };
    requestPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ForgotPasswordRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            503: components["responses"]["NotStored"];
        };
    };
    getProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Profile"];
                };
            };
            401: components["responses"]["Unauthorized"];
            423: components["responses"]["Locked"];
        };
    };
    updateProfile: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The ETag of the record as the client last read it. When the record changed since, the write is refused with 412 `changedElsewhere` and the current record; without the header the write goes on (scripts).
                 * @example "3"
                 */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProfileUpdate"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Profile"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            412: components["responses"]["ChangedElsewhere"];
            422: components["responses"]["ValidationFailed"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasswordChange"];
            };
        };
        responses: {
            /** @description Done, no content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    getTasks: {
        parameters: {
            query?: {
                /** @description A view (`all`, `starred`, `important`, `completed`, `trashed`) or a tag value. Views other than `trashed` leave trashed tasks out. */
                filter?: "all" | "starred" | "important" | "completed" | "trashed" | "frontend" | "backend" | "doc" | "bug";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Task"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            423: components["responses"]["Locked"];
        };
    };
    createTask: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a create safe to retry: the same key with the same request replays the first 2xx answer (with `Idempotent-Replayed: true`) and creates nothing; the same key with a different request is refused with 422. Keys live 24 hours, per user. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TaskBody"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    /** @description `true` when this is the replayed answer of an earlier request with the same key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedNumericId"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    getTaskTags: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskTag"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            423: components["responses"]["Locked"];
        };
    };
    updateTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
                 * @example 1
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TaskBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Task"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    getMails: {
        parameters: {
            query: {
                /** @description A folder, `starred` (starred and not in trash) or a label (not in trash) */
                filter: "inbox" | "sent" | "draft" | "spam" | "trash" | "starred" | "personal" | "company" | "important" | "private";
                /** @description Subject contains (case-insensitive) */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Email"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            423: components["responses"]["Locked"];
        };
    };
    getEmailTags: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmailTag"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            423: components["responses"]["Locked"];
        };
    };
    getEmailMeta: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmailMeta"];
                };
            };
            401: components["responses"]["Unauthorized"];
            423: components["responses"]["Locked"];
        };
    };
    moveMails: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MoveMails"];
            };
        };
        responses: {
            /** @description OK (empty body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    updateLabels: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateLabels"];
            };
        };
        responses: {
            /** @description OK (empty body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    setLabels: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SetLabels"];
            };
        };
        responses: {
            /** @description OK (empty body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    markUnread: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MarkUnread"];
            };
        };
        responses: {
            /** @description OK (empty body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    setStarred: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SetStarred"];
            };
        };
        responses: {
            /** @description OK (empty body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    composeEmail: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a create safe to retry: the same key with the same request replays the first 2xx answer (with `Idempotent-Replayed: true`) and creates nothing; the same key with a different request is refused with 422. Keys live 24 hours, per user. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ComposeEmail"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    /** @description `true` when this is the replayed answer of an earlier request with the same key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedNumericId"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    getServiceUnits: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: components["parameters"]["Page"];
                /** @description Rows per page (1 to 100; another value is refused with 400 `invalidParameter`) */
                pageSize?: components["parameters"]["PageSize"];
                /** @description Sort direction */
                order?: components["parameters"]["Order"];
                /** @description Case-insensitive text search */
                search?: components["parameters"]["Search"];
                /** @description Sort column (another value is refused with 400 `invalidParameter`) */
                sort?: "name" | "hostname" | "ipAddress" | "operatingSystem" | "location" | "agentVersion" | "lastSeenAt" | "status" | "createdAt" | "updatedAt";
                /** @description Only units in these states. Repeat the key or send a comma list. */
                status?: ("online" | "offline" | "maintenance")[];
                /** @description Only these operating systems. Repeat the key or send a comma list. */
                os?: ("windows" | "macos" | "linux")[];
                /** @description Only units with one of these tags. Repeat the key or send a comma list. */
                tag?: string[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnitPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            423: components["responses"]["Locked"];
        };
    };
    createServiceUnit: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a create safe to retry: the same key with the same request replays the first 2xx answer (with `Idempotent-Replayed: true`) and creates nothing; the same key with a different request is refused with 422. Keys live 24 hours, per user. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ServiceUnitInput"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    /** @description `true` when this is the replayed answer of an earlier request with the same key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnit"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Duplicate"];
            422: components["responses"]["ValidationFailed"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    getServiceUnitTags: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: string[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            423: components["responses"]["Locked"];
        };
    };
    exportServiceUnits: {
        parameters: {
            query?: {
                /** @description Sort direction */
                order?: components["parameters"]["Order"];
                /** @description Case-insensitive text search */
                search?: components["parameters"]["Search"];
                /** @description Sort column (another value is refused with 400 `invalidParameter`) */
                sort?: "name" | "hostname" | "ipAddress" | "operatingSystem" | "location" | "agentVersion" | "lastSeenAt" | "status" | "createdAt" | "updatedAt";
                /** @description Only units in these states. Repeat the key or send a comma list. */
                status?: ("online" | "offline" | "maintenance")[];
                /** @description Only these operating systems. Repeat the key or send a comma list. */
                os?: ("windows" | "macos" | "linux")[];
                /** @description Only units with one of these tags. Repeat the key or send a comma list. */
                tag?: string[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["ServiceUnit"][];
                        total: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            423: components["responses"]["Locked"];
        };
    };
    getServiceUnit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
                 * @example 1
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnit"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            423: components["responses"]["Locked"];
        };
    };
    updateServiceUnit: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The ETag of the record as the client last read it. When the record changed since, the write is refused with 412 `changedElsewhere` and the current record; without the header the write goes on (scripts).
                 * @example "3"
                 */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /**
                 * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
                 * @example 1
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ServiceUnitInput"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnit"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Duplicate"];
            412: components["responses"]["ChangedElsewhere"];
            422: components["responses"]["ValidationFailed"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    deleteServiceUnit: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The ETag of the record as the client last read it. When the record changed since, the write is refused with 412 `changedElsewhere` and the current record; without the header the write goes on (scripts).
                 * @example "3"
                 */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /**
                 * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
                 * @example 1
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done, no content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["ChangedElsewhere"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    bulkDeleteServiceUnits: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Ids"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    bulkSetMaintenance: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BulkMaintenance"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Updated"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    getProcesses: {
        parameters: {
            query?: {
                /** @description Case-insensitive text search */
                search?: components["parameters"]["Search"];
                /** @description Sort column (another value is refused with 400 `invalidParameter`) */
                sort?: "name" | "pid" | "user" | "cpuPercent" | "memoryMb" | "startedAt";
                /** @description Sort direction */
                order?: components["parameters"]["Order"];
            };
            header?: never;
            path: {
                /**
                 * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
                 * @example 1
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProcessList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            423: components["responses"]["Locked"];
        };
    };
    endProcess: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a create safe to retry: the same key with the same request replays the first 2xx answer (with `Idempotent-Replayed: true`) and creates nothing; the same key with a different request is refused with 422. Keys live 24 hours, per user. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
                 * @example 1
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted: the command waits for the agent */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Command"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    getProcessRules: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
                 * @example 1
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProcessRulePage"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            423: components["responses"]["Locked"];
        };
    };
    createProcessRule: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a create safe to retry: the same key with the same request replays the first 2xx answer (with `Idempotent-Replayed: true`) and creates nothing; the same key with a different request is refused with 422. Keys live 24 hours, per user. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
                 * @example 1
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProcessRuleInput"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    /** @description `true` when this is the replayed answer of an earlier request with the same key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedProcessRule"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    updateProcessRule: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The ETag of the record as the client last read it. When the record changed since, the write is refused with 412 `changedElsewhere` and the current record; without the header the write goes on (scripts).
                 * @example "3"
                 */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /**
                 * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
                 * @example 1
                 */
                id: components["parameters"]["Id"];
                /**
                 * @description Rule id
                 * @example 31
                 */
                ruleId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProcessRuleInput"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedProcessRule"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["ChangedElsewhere"];
            422: components["responses"]["ValidationFailed"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    deleteProcessRule: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The ETag of the record as the client last read it. When the record changed since, the write is refused with 412 `changedElsewhere` and the current record; without the header the write goes on (scripts).
                 * @example "3"
                 */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /**
                 * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
                 * @example 1
                 */
                id: components["parameters"]["Id"];
                /**
                 * @description Rule id
                 * @example 31
                 */
                ruleId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done, no content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["ChangedElsewhere"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    getScreenshots: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: components["parameters"]["Page"];
                /** @description Rows per page (at most 200) */
                pageSize?: number;
                /** @description Only this unit’s screenshots */
                unitId?: string;
                /** @description Captured on or after this day */
                from?: string;
                /** @description Captured on or before this day */
                to?: string;
                /** @description Only flagged (or unflagged) ones */
                flagged?: "true" | "false";
                /** @description Case-insensitive text search */
                search?: components["parameters"]["Search"];
                /** @description Sort direction */
                order?: components["parameters"]["Order"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScreenshotPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            423: components["responses"]["Locked"];
        };
    };
    getScreenshot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
                 * @example 1
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Screenshot"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            423: components["responses"]["Locked"];
        };
    };
    putScreenshot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
                 * @example 1
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ScreenshotPatch"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Screenshot"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    deleteScreenshot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
                 * @example 1
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done, no content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    patchScreenshot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
                 * @example 1
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ScreenshotPatch"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Screenshot"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    bulkDeleteScreenshots: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ScreenshotIds"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScreenshotsDeleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["ValidationFailed"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    requestCapture: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
                 * @example 1
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted: the agent will answer */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CaptureRequest"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    getCaptureRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
                 * @example 1
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CaptureRequest"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            423: components["responses"]["Locked"];
        };
    };
    getUrlRestrictions: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: components["parameters"]["Page"];
                /** @description Rows per page (1 to 100; another value is refused with 400 `invalidParameter`) */
                pageSize?: components["parameters"]["PageSize"];
                /** @description Sort direction */
                order?: components["parameters"]["Order"];
                /** @description Case-insensitive text search */
                search?: components["parameters"]["Search"];
                /** @description Sort column (another value is refused with 400 `invalidParameter`) */
                sort?: "pattern" | "matchType" | "action" | "enabled" | "updatedAt" | "createdAt";
                /** @description Only these actions. Repeat the key or send a comma list. */
                action?: ("allow" | "block")[];
                /** @description Only these match types. Repeat the key or send a comma list. */
                matchType?: ("domain" | "exact" | "wildcard" | "regex")[];
                /** @description Only enabled (or disabled) rules. Repeat the key or send a comma list. */
                enabled?: ("true" | "false")[];
                /** @description Rules that apply to one of these unit ids (organization-wide rules included). Repeat the key or send a comma list. */
                unit?: string[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UrlRestrictionPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            423: components["responses"]["Locked"];
        };
    };
    createUrlRestriction: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a create safe to retry: the same key with the same request replays the first 2xx answer (with `Idempotent-Replayed: true`) and creates nothing; the same key with a different request is refused with 422. Keys live 24 hours, per user. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UrlRestrictionInput"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    /** @description `true` when this is the replayed answer of an earlier request with the same key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UrlRestriction"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Duplicate"];
            422: components["responses"]["ValidationFailed"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    getAllUrlRestrictions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["UrlRestriction"][];
                        total: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            423: components["responses"]["Locked"];
        };
    };
    getUrlRestriction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
                 * @example 1
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UrlRestriction"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            423: components["responses"]["Locked"];
        };
    };
    updateUrlRestriction: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The ETag of the record as the client last read it. When the record changed since, the write is refused with 412 `changedElsewhere` and the current record; without the header the write goes on (scripts).
                 * @example "3"
                 */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /**
                 * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
                 * @example 1
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UrlRestrictionInput"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UrlRestriction"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Duplicate"];
            412: components["responses"]["ChangedElsewhere"];
            422: components["responses"]["ValidationFailed"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    deleteUrlRestriction: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The ETag of the record as the client last read it. When the record changed since, the write is refused with 412 `changedElsewhere` and the current record; without the header the write goes on (scripts).
                 * @example "3"
                 */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /**
                 * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
                 * @example 1
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done, no content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["ChangedElsewhere"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    getDashboardSummary: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DashboardSummary"];
                };
            };
            401: components["responses"]["Unauthorized"];
            423: components["responses"]["Locked"];
        };
    };
    getLatestScreenshots: {
        parameters: {
            query?: {
                /** @description How many rows */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["Screenshot"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            423: components["responses"]["Locked"];
        };
    };
    getRecentOffline: {
        parameters: {
            query?: {
                /** @description How many rows */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["OfflineUnit"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            423: components["responses"]["Locked"];
        };
    };
    getAdminSummary: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminSummary"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            423: components["responses"]["Locked"];
        };
    };
    getUnitsTrend: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        points: components["schemas"]["TrendPoint"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            423: components["responses"]["Locked"];
        };
    };
    getTopRisk: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["UnitPrediction"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            423: components["responses"]["Locked"];
        };
    };
    getRecentSignIns: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["RecentSignIn"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            423: components["responses"]["Locked"];
        };
    };
    getOrganizations: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: components["parameters"]["Page"];
                /** @description Rows per page (1 to 100; another value is refused with 400 `invalidParameter`) */
                pageSize?: components["parameters"]["PageSize"];
                /** @description Sort direction */
                order?: components["parameters"]["Order"];
                /** @description Case-insensitive text search */
                search?: components["parameters"]["Search"];
                /** @description Sort column (another value is refused with 400 `invalidParameter`) */
                sort?: "name" | "code" | "status" | "seatLimit" | "unitCount" | "userCount" | "timezone" | "createdAt";
                /** @description Only these states. Repeat the key or send a comma list. */
                status?: ("active" | "suspended" | "archived")[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            423: components["responses"]["Locked"];
        };
    };
    createOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrganizationInput"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Duplicate"];
            422: components["responses"]["ValidationFailed"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    getOrganizationOptions: {
        parameters: {
            query?: {
                /** @description Case-insensitive text search */
                search?: components["parameters"]["Search"];
                /** @description Comma-separated ids to fetch instead of searching */
                ids?: string;
                /** @description At most this many rows */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["OrganizationOption"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            423: components["responses"]["Locked"];
        };
    };
    exportOrganizations: {
        parameters: {
            query?: {
                /** @description Sort direction */
                order?: components["parameters"]["Order"];
                /** @description Case-insensitive text search */
                search?: components["parameters"]["Search"];
                /** @description Sort column (another value is refused with 400 `invalidParameter`) */
                sort?: "name" | "code" | "status" | "seatLimit" | "unitCount" | "userCount" | "timezone" | "createdAt";
                /** @description Only these states. Repeat the key or send a comma list. */
                status?: ("active" | "suspended" | "archived")[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["Organization"][];
                        total: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            423: components["responses"]["Locked"];
        };
    };
    bulkOrganizationStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BulkStatus"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkStatusResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    getOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
                 * @example 1
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            423: components["responses"]["Locked"];
        };
    };
    updateOrganization: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The ETag of the record as the client last read it. When the record changed since, the write is refused with 412 `changedElsewhere` and the current record; without the header the write goes on (scripts).
                 * @example "3"
                 */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /**
                 * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
                 * @example 1
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrganizationInput"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Duplicate"];
            412: components["responses"]["ChangedElsewhere"];
            422: components["responses"]["ValidationFailed"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    deleteOrganization: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The ETag of the record as the client last read it. When the record changed since, the write is refused with 412 `changedElsewhere` and the current record; without the header the write goes on (scripts).
                 * @example "3"
                 */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /**
                 * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
                 * @example 1
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done, no content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["ChangedElsewhere"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    suspendOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
                 * @example 1
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StatusReason"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    activateOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
                 * @example 1
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StatusReason"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    archiveOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
                 * @example 1
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StatusReason"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    getOrganizationAudit: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: components["parameters"]["Page"];
                /** @description Rows per page (1 to 100; another value is refused with 400 `invalidParameter`) */
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path: {
                /**
                 * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
                 * @example 1
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            423: components["responses"]["Locked"];
        };
    };
    getUsers: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: components["parameters"]["Page"];
                /** @description Rows per page (1 to 100; another value is refused with 400 `invalidParameter`) */
                pageSize?: components["parameters"]["PageSize"];
                /** @description Sort direction */
                order?: components["parameters"]["Order"];
                /** @description Case-insensitive text search */
                search?: components["parameters"]["Search"];
                /** @description Sort column (another value is refused with 400 `invalidParameter`) */
                sort?: "fullName" | "username" | "email" | "roleId" | "status" | "lastSignInAt" | "createdAt";
                /** @description Only these organizations (super admin). Repeat the key or send a comma list. */
                organizationId?: string[];
                /** @description Only these role ids. Repeat the key or send a comma list. */
                role?: ("1" | "2" | "3" | "4")[];
                /** @description Only these account states. Repeat the key or send a comma list. */
                status?: ("invited" | "active" | "disabled")[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminUserPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            423: components["responses"]["Locked"];
        };
    };
    inviteUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserInput"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserWithLink"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Duplicate"];
            422: components["responses"]["ValidationFailed"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    exportUsers: {
        parameters: {
            query?: {
                /** @description Sort direction */
                order?: components["parameters"]["Order"];
                /** @description Case-insensitive text search */
                search?: components["parameters"]["Search"];
                /** @description Sort column (another value is refused with 400 `invalidParameter`) */
                sort?: "fullName" | "username" | "email" | "roleId" | "status" | "lastSignInAt" | "createdAt";
                /** @description Only these organizations (super admin). Repeat the key or send a comma list. */
                organizationId?: string[];
                /** @description Only these role ids. Repeat the key or send a comma list. */
                role?: ("1" | "2" | "3" | "4")[];
                /** @description Only these account states. Repeat the key or send a comma list. */
                status?: ("invited" | "active" | "disabled")[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["AdminUser"][];
                        total: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            423: components["responses"]["Locked"];
        };
    };
    getUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
                 * @example 1
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminUser"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            423: components["responses"]["Locked"];
        };
    };
    updateUser: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The ETag of the record as the client last read it. When the record changed since, the write is refused with 412 `changedElsewhere` and the current record; without the header the write goes on (scripts).
                 * @example "3"
                 */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /**
                 * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
                 * @example 1
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserInput"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminUser"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The last active super admin cannot be demoted or moved into an organization that is not active (`code: lastSuperAdmin`), or another account already has this username or e-mail (`errors`: `duplicateUsername`, `duplicateEmail`); nothing was changed. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            412: components["responses"]["ChangedElsewhere"];
            422: components["responses"]["ValidationFailed"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    deleteUser: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The ETag of the record as the client last read it. When the record changed since, the write is refused with 412 `changedElsewhere` and the current record; without the header the write goes on (scripts).
                 * @example "3"
                 */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /**
                 * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
                 * @example 1
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done, no content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["ChangedElsewhere"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    getUserAudit: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: components["parameters"]["Page"];
                /** @description Rows per page (1 to 100; another value is refused with 400 `invalidParameter`) */
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path: {
                /**
                 * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
                 * @example 1
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            423: components["responses"]["Locked"];
        };
    };
    disableUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
                 * @example 1
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminUser"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    enableUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
                 * @example 1
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminUser"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    resetUserPassword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
                 * @example 1
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserWithLink"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    revokeUserSessions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
                 * @example 1
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Revoked"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    checkSetPasswordLink: {
        parameters: {
            query: {
                /** @description The link’s token */
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SetPasswordInfo"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    setPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SetPasswordRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Username"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            503: components["responses"]["NotStored"];
        };
    };
    getAuditLog: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: components["parameters"]["Page"];
                /** @description Rows per page (1 to 100; another value is refused with 400 `invalidParameter`) */
                pageSize?: components["parameters"]["PageSize"];
                /** @description Only these record kinds. Repeat the key or send a comma list. */
                resource?: ("organization" | "user")[];
                /** @description Only changes by these users. Repeat the key or send a comma list. */
                actorId?: string[];
                /** @description Only these organizations (super admin). Repeat the key or send a comma list. */
                organizationId?: string[];
                /** @description Only these records. Repeat the key or send a comma list. */
                recordId?: string[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            423: components["responses"]["Locked"];
        };
    };
    getPredictionReport: {
        parameters: {
            query?: {
                /** @description Only this organization */
                organizationId?: string;
                /** @description Only this unit */
                unitId?: string;
                /** @description Only this risk band (the list; the summary counts every band) */
                band?: components["schemas"]["RiskBand"];
                /** @description 1-based page number */
                page?: components["parameters"]["Page"];
                /** @description Rows per page (1 to 100; another value is refused with 400 `invalidParameter`) */
                pageSize?: components["parameters"]["PageSize"];
                /** @description Sort direction */
                order?: components["parameters"]["Order"];
                /** @description Case-insensitive text search */
                search?: components["parameters"]["Search"];
                /** @description Sort column (default risk; another value is refused with 400 `invalidParameter`) */
                sort?: "risk" | "name" | "organization" | "downtime" | "disk" | "trend";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PredictionReport"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            423: components["responses"]["Locked"];
        };
    };
    exportPredictionReport: {
        parameters: {
            query?: {
                /** @description Only this organization */
                organizationId?: string;
                /** @description Only this unit */
                unitId?: string;
                /** @description Only this risk band (the list; the summary counts every band) */
                band?: components["schemas"]["RiskBand"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["UnitPrediction"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            423: components["responses"]["Locked"];
        };
    };
    getReportOrganizations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["NamedId"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            423: components["responses"]["Locked"];
        };
    };
    searchReportUnits: {
        parameters: {
            query?: {
                /** @description Only this organization */
                organizationId?: string;
                /** @description Case-insensitive text search */
                search?: components["parameters"]["Search"];
                /** @description Fetch these unit ids instead of searching. Repeat the key or send a comma list. */
                id?: string[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["UnitOption"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            423: components["responses"]["Locked"];
        };
    };
    getUnitPrediction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
                 * @example 1
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnitPredictionDetail"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            423: components["responses"]["Locked"];
        };
    };
    createAgentEnrolment: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a create safe to retry: the same key with the same request replays the first 2xx answer (with `Idempotent-Replayed: true`) and creates nothing; the same key with a different request is refused with 422. Keys live 24 hours, per user. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentEnrolmentToken"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    revokeAgent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
                 * @example 1
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The unit, with `agent.revokedAt` set */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnit"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            423: components["responses"]["Locked"];
            503: components["responses"]["NotStored"];
        };
    };
    getCommand: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
                 * @example 1
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Command"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            423: components["responses"]["Locked"];
        };
    };
    agentEnrol: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AgentEnrolRequest"];
            };
        };
        responses: {
            /** @description Enrolled. The credential is shown once; the server keeps only its hash. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentCredential"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["AgentUnauthorized"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            503: components["responses"]["NotStored"];
        };
    };
    agentHeartbeat: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AgentHeartbeat"];
            };
        };
        responses: {
            /** @description Stored */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentHeartbeatAck"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["AgentUnauthorized"];
            403: components["responses"]["AgentOtherUnit"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            503: components["responses"]["NotStored"];
        };
    };
    agentReportProcesses: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AgentProcessReport"];
            };
        };
        responses: {
            /** @description Stored */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentProcessAck"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["AgentUnauthorized"];
            403: components["responses"]["AgentOtherUnit"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            503: components["responses"]["NotStored"];
        };
    };
    agentUploadScreenshot: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AgentScreenshot"];
            };
        };
        responses: {
            /** @description Stored */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentScreenshotAck"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["AgentUnauthorized"];
            403: components["responses"]["AgentOtherUnit"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            503: components["responses"]["NotStored"];
        };
    };
    agentConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentConfig"];
                };
            };
            401: components["responses"]["AgentUnauthorized"];
        };
    };
    agentCommands: {
        parameters: {
            query?: {
                wait?: number;
                /** @description The `version` of the config the agent has (`AgentConfig.version`); left out, the request is held for commands only. */
                configVersion?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentCommandList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["AgentUnauthorized"];
        };
    };
    agentCommandResult: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
                 * @example 1
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AgentCommandResult"];
            };
        };
        responses: {
            /** @description Stored */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Command"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["AgentUnauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            503: components["responses"]["NotStored"];
        };
    };
    eventStream: {
        parameters: {
            query?: {
                /** @description Resume after this event id (as `Last-Event-ID`) */
                after?: string;
            };
            header?: {
                "Last-Event-ID"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example id: 1042
                     *     event: screenshot.captured
                     *     data: {"id":"1042","type":"screenshot.captured","at":"2026-11-26T10:00:00.000Z","organizationId":"1","subjectId":"3158","unitId":"33","data":{"screenshotId":"3158","commandId":"812","unitName":"Hamburg Depot Dispatch Terminal 01"}}
                     */
                    "text/event-stream": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            423: components["responses"]["Locked"];
        };
    };
    recentEvents: {
        parameters: {
            query?: {
                /** @description Only events after this id; absent, only the newest id is answered (`items` empty), to start from */
                after?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            423: components["responses"]["Locked"];
        };
    };
    getScreenshotImage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Record id, opaque (a seeded record's number, any later one a UUIDv7)
                 * @example 1
                 */
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScreenshotImage"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            423: components["responses"]["Locked"];
        };
    };
}
