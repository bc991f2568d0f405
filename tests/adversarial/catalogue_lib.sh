# Shared by the catalogue runners (sourced): reading a program's header and its limit flags.

# header_field FILE NAME -> the text after ";; NAME: " on the file's first such line
header_field() {
  sed -n "s/^;; $2: //p" "$1" | head -1
}

# flag_value FLAG WORDS... -> the word after FLAG, or empty
flag_value() {
  local flag=$1
  shift
  while (($# > 0)); do
    if [[ $1 == "$flag" ]]; then
      echo "${2:-}"
      return
    fi
    shift
  done
}
