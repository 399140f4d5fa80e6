import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@forwarder/domain';
import { IsNotEmpty, IsString, Length, MaxLength } from 'class-validator';
import { t } from '../common/messages.js';
import { PasswordField } from '../common/transforms.js';

export class LoginDto {
  /** base64 of the RSA (PKCS#1 v1.5) ciphertext of JSON {account, password} */
  @IsString({ message: () => t('loginBadPayload') })
  @IsNotEmpty({ message: () => t('loginBadPayload') })
  @MaxLength(4096, { message: () => t('loginBadPayload') })
  param: string;
}

/** The decrypted credentials, validated like any other input. */
export class CredentialsDto {
  @IsString({ message: () => t('accountRequired') })
  @IsNotEmpty({ message: () => t('accountRequired') })
  @MaxLength(50, { message: () => t('accountFormat') })
  account: string;

  @IsString({ message: () => t('passwordRequired') })
  @Length(PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, { message: () => t('passwordLength') })
  password: string;
}

export class ModifyPasswordDto {
  @PasswordField('oldPasswordRequired', 'oldPasswordFormat')
  oldPassword: string;

  @PasswordField('newPasswordRequired', 'newPasswordFormat')
  newPassword: string;
}

export interface SessionView {
  token: string;
  refreshToken: string;
  userid: number;
  username: string;
  account: string;
  peerLabel: string | null;
  directLabel: string | null;
  /** The password was set by someone else: every call but the change-password dialog's answers 403 until it is changed. */
  mustChangePassword: boolean;
}
