package compat_test

import (
	"github.com/contractgen/contractgen/internal/gen/compat"
	"github.com/contractgen/contractgen/internal/gen/profile/errorcontract/compatrules"
)

func init() { compat.SetTestProfiles(compatrules.Profile{}) }
